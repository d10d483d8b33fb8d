import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // These tests start real `dossier serve` processes and wait for their ready line; a first start
    // loads the demo data (about 40 s of CPU, 130 s seen on a busy 2-core machine): see waitForOutput.
    testTimeout: 420_000,
    hookTimeout: 60_000,
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../../tooling/testing/src/leak-setup.ts'],
  },
});
