// Times the search operations on the generated data and prints plans showing the indexes used.
// Run: pnpm exec tsx tooling/bench/src/search/run.ts [--db dossier_bench] [--runs 20] [--plans]
//        [--url postgres://postgres@127.0.0.1:5432] [--only label-part] [--impl module-path]
// Each query: 2 warm-up runs, then --runs timed runs of the whole operation (page + total), then
// the second page through the cursor. Targets (issue 6): p95 < 100 ms companies, < 200 ms people.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createDatabase } from '@dossier/db';
// By path until the lead exports search from @dossier/core.
import { type Context, silentLogger } from '../../../../packages/core/src/context.js';
import { type SQL, sql } from './drizzle.js';
import { benchQueries } from './queries.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const URL = `${arg('url', 'postgres://postgres@127.0.0.1:5432')}/${arg('db', 'dossier_bench')}`;
const RUNS = Number(arg('runs', '20'));
const PLANS = process.argv.includes('--plans');
const ONLY = arg('only', '');
// Another implementation to compare (e.g. a copy of an older search module), same exports.
const IMPL = arg('impl', '../../../../packages/core/src/search/index.js');
const { searchCompanies, searchPeople } = (await import(
  IMPL
)) as typeof import('../../../../packages/core/src/search/index.js');

const statements: { query: string; params: unknown[] }[] = [];
const database = await createDatabase({
  url: URL,
  maxConnections: 4,
  logQuery: ((query: string, params: unknown[] = []) => {
    statements.push({ query, params });
  }) as (query: string) => void,
});
const ctx: Context = {
  db: database,
  caller: { orgId: 'bench', projectId: 'bench', keyId: 'bench', scopes: new Set(['search', 'pii']) },
  requestId: 'bench',
  log: silentLogger,
  now: () => new Date(),
};

const run = (entity: 'companies' | 'people', body: Record<string, unknown>) => {
  const input = { query: '', limit: 10, ...body } as never;
  return entity === 'companies' ? searchCompanies(ctx, input) : searchPeople(ctx, input);
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (n: number) => n.toFixed(1).padStart(7);

/**
 * CPU time (ms) of this database's PostgreSQL backends (utime + stime from /proc, 10 ms ticks)
 * and of this process: steadier than wall time on a shared machine. NaN where /proc is missing.
 */
const backendPids = async () =>
  (
    await database.query<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    )
  ).map((r) => r.pid);
const procCpu = (pid: number): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};
const cpuNow = (pids: number[]) => {
  const node = process.cpuUsage();
  return { pg: pids.reduce((sum, pid) => sum + procCpu(pid), 0), node: (node.user + node.system) / 1000 };
};

/** A logged statement back as a drizzle fragment, `$n` placeholders bound again. */
const bound = (query: string, params: unknown[]): SQL => {
  const parts = query.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`);
  });
  return sql.join(chunks, sql``);
};

const [{ companies = 0, people = 0, buffers = '?' } = {}] = await database.query<{
  companies: number;
  people: number;
  buffers: string;
}>(
  sql`select (select count(*) from companies)::int as companies, (select count(*) from people)::int as people,
    current_setting('shared_buffers') as buffers`,
);
console.log(
  `search bench ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ` +
    `${companies.toLocaleString('en-US')} companies, ${people.toLocaleString('en-US')} people, ${RUNS} runs each, ` +
    `shared_buffers ${buffers}, load average ${load()}`,
);
console.log(`${'query'.padEnd(58)}    p50     p95   page2   total  cpu pg/node ms per run`);

const all: Record<'companies' | 'people', number[]> = { companies: [], people: [] };
const p95s: Record<'companies' | 'people', number[]> = { companies: [], people: [] };
const cpuPerRun: Record<'companies' | 'people', number[]> = { companies: [], people: [] };
for (const q of benchQueries.filter((b) => b.label.includes(ONLY))) {
  for (let i = 0; i < 2; i++) await run(q.entity, q.body);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof run>> | undefined;
  const pids = await backendPids();
  const cpuBefore = cpuNow(pids);
  for (let i = 0; i < RUNS; i++) {
    statements.length = 0;
    const start = performance.now();
    last = await run(q.entity, q.body);
    times.push(performance.now() - start);
  }
  const cpuAfter = cpuNow(pids);
  cpuPerRun[q.entity].push((cpuAfter.pg - cpuBefore.pg + cpuAfter.node - cpuBefore.node) / RUNS);
  const cpu = `${((cpuAfter.pg - cpuBefore.pg) / RUNS).toFixed(0)}/${((cpuAfter.node - cpuBefore.node) / RUNS).toFixed(0)}`;
  const logged = [...statements];
  let page2 = Number.NaN;
  if (last?.cursor) {
    const start = performance.now();
    await run(q.entity, { ...q.body, cursor: last.cursor });
    page2 = performance.now() - start;
  }
  times.sort((a, b) => a - b);
  all[q.entity].push(...times);
  p95s[q.entity].push(percentile(times, 95));
  const total = `${last?.total_is_estimate ? '~' : ''}${last?.total ?? 0}`;
  console.log(
    `${`${q.entity[0]} ${q.label}`.padEnd(58)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(page2)} ${total.padStart(8)} ${cpu.padStart(9)}`,
  );
  if (PLANS) {
    for (const s of logged.filter((l) => !l.query.startsWith('explain'))) {
      const rows = await database.query<Record<string, string>>(
        sql`explain (analyze, costs off, timing off) ${bound(s.query, s.params)}`,
      );
      const plan = rows.map((r) => Object.values(r)[0]).join('\n    ');
      console.log(`  plan of: ${s.query.slice(0, 90)}...\n    ${plan}`);
    }
  }
}
for (const entity of ['companies', 'people'] as const) {
  const sorted = all[entity].sort((a, b) => a - b);
  console.log(
    `${entity}: all runs p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms; ` +
      `worst query p95 ${Math.max(...p95s[entity]).toFixed(1)} ms; CPU (PostgreSQL + Node) per run: mean ` +
      `${(cpuPerRun[entity].reduce((a, b) => a + b, 0) / Math.max(1, cpuPerRun[entity].length)).toFixed(1)} ms, ` +
      `worst query ${Math.max(...cpuPerRun[entity]).toFixed(1)} ms`,
  );
}
console.log(`load average at the end ${load()}`);
await database.close();
