/**
 * `pnpm bench`: every benchmark, one after another (never in parallel: they would measure each
 * other). Each is a script of its own; BENCH_ONLY=name,name runs a subset (turbo.json passes
 * BENCH_* through: its strict environment mode drops every variable it is not told about).
 * Benchmarks that need PostgreSQL or Redis read BENCH_DATABASE_URL / BENCH_REDIS_URL and say so
 * when they are unset.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { selectBenches } from './select.js';

let selected: ReturnType<typeof selectBenches>;
try {
  selected = selectBenches(process.env.BENCH_ONLY);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
let failed = 0;
for (const [name, file] of selected) {
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
