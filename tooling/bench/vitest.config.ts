import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../testing/src/leak-setup.ts'],
  },
});
