import { defineConfig } from 'vitest/config';

// One run over every workspace package, so `pnpm test` prints one summary.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tooling/testing', 'tooling/bench'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'artifacts/junit.xml' },
  },
});
