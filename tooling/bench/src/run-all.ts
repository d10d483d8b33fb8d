/**
 * `pnpm bench`: every benchmark, one after another (never in parallel: they would measure each
 * other). Each is a script of its own; BENCH_ONLY=name,name runs a subset. Benchmarks that need
 * PostgreSQL or Redis read BENCH_DATABASE_URL / BENCH_REDIS_URL and say so when they are unset.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const benches = [
  ['access', 'access/access-bench.ts'],
  ['mcp', 'mcp/mcp-bench.ts'],
  ['audience', 'audience/audience-bench.ts'],
  ['verify', 'verify/verify-bench.ts'],
  ['verify-job', 'verify/verify-job-bench.ts'],
  ['resolve', 'resolve/resolve-bench.ts'],
  ['search', 'search/search-bench.ts'],
  ['enrich', 'enrich/enrich-bench.ts'],
  ['intent', 'intent/intent-bench.ts'],
] as const;

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
let failed = 0;
for (const [name, file] of benches) {
  if (only && !only.includes(name)) continue;
  const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
  if (!existsSync(path)) {
    console.log(`\n== ${name}: no script at ${file}`);
    continue;
  }
  console.log(`\n== ${name} (${file})`);
  // The young generation `pnpm dossier` gives Node (package.json): the benchmarks run the code as it runs.
  const result = spawnSync(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', path], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed++;
    console.log(`== ${name} exited ${result.status}`);
  }
}
process.exit(failed ? 1 : 0);
