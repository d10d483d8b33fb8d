import { defineConfig } from 'vitest/config';
import { reliabilitySuite } from './tooling/testing/src/reliability-suite.js';

// One run over every workspace package, so `pnpm test` prints one summary. The reliability suite
// (tooling/testing/src/reliability-suite.ts) is a project of its own, `pnpm test:reliability`.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      'tooling/testing',
      'tooling/bench',
      {
        test: {
          name: 'reliability',
          include: reliabilitySuite,
          // The CLI's tests start `dossier serve` processes (see apps/cli/vitest.config.ts).
          testTimeout: 420_000,
          hookTimeout: 60_000,
          // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
          setupFiles: ['tooling/testing/src/leak-setup.ts'],
        },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default', 'junit'] : ['default'],
    outputFile: { junit: 'artifacts/junit.xml' },
  },
});
