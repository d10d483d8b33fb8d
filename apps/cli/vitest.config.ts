import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // These tests start real `dossier serve` processes (first start loads the demo data).
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
