import { configDefaults, defineProject } from 'vitest/config';
import { reliabilityFilesOf } from '../../tooling/testing/src/reliability-suite.js';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The reliability suite's files run in the root config's project `reliability`, once.
    exclude: [...configDefaults.exclude, ...reliabilityFilesOf('apps/api')],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../../tooling/testing/src/leak-setup.ts'],
  },
});
