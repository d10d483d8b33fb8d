import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'console',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../../tooling/testing/src/leak-setup.ts'],
    // Builds the console bundle the browser tests serve, once, before any of them starts.
    globalSetup: ['test/build-bundle.ts'],
  },
});
