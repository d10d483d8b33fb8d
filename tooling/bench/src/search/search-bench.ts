/**
 * `pnpm bench` entry for search (issue 6): generates the search database when it is missing or
 * holds another size, then times the typical queries (`run.ts`) and prints p50/p95 for companies
 * and people. Needs PostgreSQL: BENCH_DATABASE_URL (any database on the server, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres). Size: BENCH_SEARCH_COMPANIES (default 1,000,000;
 * people are 5x); database: BENCH_SEARCH_DATABASE (default dossier_bench_search, dropped and
 * rebuilt when its size differs); runs per query: BENCH_SEARCH_RUNS (default 20); BENCH_SEARCH_PLANS=1
 * prints the plans too.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@dossier/db';
import { sql } from './drizzle.js';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log('BENCH_DATABASE_URL is unset: the search benchmark needs PostgreSQL; skipped.');
  process.exit(0);
}
const name = process.env.BENCH_SEARCH_DATABASE ?? 'dossier_bench_search';
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad BENCH_SEARCH_DATABASE: ${name}`);
const companies = Number(process.env.BENCH_SEARCH_COMPANIES ?? 1_000_000);
if (!Number.isInteger(companies) || companies < 1000) throw new Error('BENCH_SEARCH_COMPANIES: 1000 or more');
const people = companies * 5;
const runs = process.env.BENCH_SEARCH_RUNS ?? '20';

const server = new URL(base);
server.pathname = '';
const serverUrl = server.toString().replace(/\/$/, '');

/** Companies and people in the bench database, or null when it does not exist or has no tables. */
async function sizeOf(): Promise<{ companies: number; people: number } | null> {
  const admin = await createDatabase({ url: base as string, maxConnections: 1 });
  const [exists] = await admin.query(sql`select 1 as one from pg_database where datname = ${name}`);
  await admin.close();
  if (!exists) return null;
  const database = await createDatabase({ url: `${serverUrl}/${name}`, maxConnections: 1 });
  try {
    const [row] = await database.query<{ companies: number; people: number }>(
      sql`select (select count(*)::int from companies) as companies, (select count(*)::int from people) as people`,
    );
    return row ?? null;
  } catch {
    return null;
  } finally {
    await database.close();
  }
}

const script = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));
const tsx = (file: string, args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script(file), ...args], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${file} exited ${result.status}`);
};

const size = await sizeOf();
if (size?.companies !== companies || size?.people !== people) {
  console.log(
    `generating ${companies} companies and ${people} people into ${name} (takes a while at 1M) ...`,
  );
  tsx('generate.ts', ['--companies', String(companies), '--url', serverUrl, '--db', name]);
}
tsx('run.ts', [
  '--url',
  serverUrl,
  '--db',
  name,
  '--runs',
  runs,
  ...(process.env.BENCH_SEARCH_PLANS === '1' ? ['--plans'] : []),
]);
