import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'accounts',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../../tooling/testing/src/leak-setup.ts'],
  },
});
