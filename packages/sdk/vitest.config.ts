import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../../tooling/testing/src/leak-setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 90_000,
    // The global setup waits for a first start with the demo data: see waitFor in test/server.ts.
    hookTimeout: 360_000,
  },
});
