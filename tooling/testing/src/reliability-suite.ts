/**
 * The reliability suite: the property-based fuzzers of both doors, the fault tests (PostgreSQL cut
 * through a TCP proxy, Redis killed and restarted, `dossier import` and a job runner killed with
 * SIGKILL, SIGTERM under load) and the key-leak scan's own test. The root vitest.config.ts runs these
 * files as the project `reliability` (`pnpm test:reliability`), and every other project leaves them
 * out, so each runs once per pass. Paths from the repository's root.
 */
export const reliabilitySuite = [
  'apps/api/test/fuzz-openapi.test.ts',
  'apps/mcp/test/fuzz-jsonrpc.test.ts',
  'apps/api/test/fault-postgres.test.ts',
  'apps/api/test/fault-redis.test.ts',
  'apps/api/test/leak-scan.test.ts',
  'apps/cli/test/import-kill.test.ts',
  'apps/cli/test/cluster.test.ts',
  'apps/cli/test/shutdown.test.ts',
];

/** The suite's files under `project` (e.g. `apps/api`), relative to it: what that project leaves out. */
export const reliabilityFilesOf = (project: string): string[] =>
  reliabilitySuite.filter((f) => f.startsWith(`${project}/`)).map((f) => f.slice(project.length + 1));
