import { configDefaults, defineProject } from 'vitest/config';
import { reliabilityFilesOf } from '../../tooling/testing/src/reliability-suite.js';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The reliability suite's files run in the root config's project `reliability`, once.
    exclude: [...configDefaults.exclude, ...reliabilityFilesOf('apps/cli')],
    // These tests start real `dossier serve` processes and wait for their ready line; a first start
    // loads the demo data (about 40 s of CPU, 130 s seen on a busy 2-core machine): see waitForOutput.
    testTimeout: 420_000,
    hookTimeout: 60_000,
    // The key-leak scan over every response and log line (tooling/testing/src/leak-setup.ts).
    setupFiles: ['../../tooling/testing/src/leak-setup.ts'],
  },
});
