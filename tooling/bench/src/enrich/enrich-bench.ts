/**
 * Enrich on PostgreSQL at size: 100,000 companies and 1,000,000 people by default (BENCH_COMPANIES,
 * BENCH_PEOPLE), generated once into their own database (BENCH_DATABASE, default
 * dossier_bench_enrich; BENCH_RESEED=1 starts over). The API serves here; autocannon runs in a
 * second process at 50 connections against enrich by domain, by email and by LinkedIn URL, and
 * against a bare Hono endpoint doing one primary-key query on the same database, in one run. The
 * scenarios take turns in BENCH_SLICES slices (default 5) of BENCH_SECONDS / slices each, so a
 * shared machine whose load drifts during the run does not favour one of them; req/s, p50 and p99
 * are over every response of all slices (the worst single slice's p99, which runs before
 * 2026-11-26 reported as p99, is printed beside it). For each scenario it also reports
 * CPU time per request of the server process, of the PostgreSQL backends and of the load
 * generator: on a shared machine those move far less than requests per second.
 * EXPLAIN shows the generic plans of the statements enrich actually prepares.
 *
 * Node runs with the young generation `pnpm dossier` gives it (`pnpm bench` passes the flag):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx --max-semi-space-size=64 tooling/bench/src/enrich/enrich-bench.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { enrichment, loadPeople, silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { forkLoad } from '../served/run-load.js';
import { sql } from './drizzle.js';
import { seedBench } from './seed.js';

// BENCH_DATABASE_URL like every other benchmark (BENCH_PG_URL, its old name, still works).
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_enrich';
const companies = Number(process.env.BENCH_COMPANIES ?? 100_000);
const people = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pool = Number(process.env.BENCH_POOL ?? 20);
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 5));
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`bad BENCH_DATABASE: ${dbName}`);

// The bench database, created and seeded once for a given size.
const admin = await createDatabase({ url: adminUrl, maxConnections: 1 });
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
if (process.env.BENCH_RESEED === '1')
  await admin.query(sql.raw(`drop database if exists ${dbName} with (force)`));
const exists = await admin.query(sql`select 1 from pg_database where datname = ${dbName}`);
if (exists.length === 0) await admin.query(sql.raw(`create database ${dbName}`));
await admin.close();
const database = await createDatabase({ url: url.toString(), maxConnections: pool });
await database.migrate();
const [count] = await database.query<{ companies: number; people: number }>(
  sql`select (select count(*)::int from companies) as companies, (select count(*)::int from people) as people`,
);
if (count?.companies !== companies || count?.people !== people) {
  if ((count?.companies ?? 0) > 0)
    throw new Error(`${dbName} holds another size: BENCH_RESEED=1 to start over`);
  log(`seeding ${companies} companies and ${people} people into ${dbName} ...`);
  const started = Date.now();
  await seedBench(database, companies, people, log);
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.env.BENCH_SEED_ONLY === '1') {
  await database.close();
  process.exit(0);
}

// The service as it runs, without rate limits in the way, and the bare endpoint beside it.
const access = createAccess({
  database,
  hashSecret: 'bench',
  log: silentLogger,
  singleProcess: true,
  planLimits: { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 },
});
const { key } = await provisionKey(database.db, access.keys, {
  org: `bench-${Date.now()}`,
  plan: 'enterprise',
});
const api = createApiApp({ database, access, log: createLogger('silent') });
const bare = new Hono().get('/bare/:id', async (c) => {
  const [row] = await database.query(
    sql`select id, full_name, title from people where id = ${c.req.param('id')}`,
  );
  return c.json(row ?? null, row ? 200 : 404);
});
const servers = [serve({ fetch: api.fetch, port: 0 }), serve({ fetch: bare.fetch, port: 0 })];
await new Promise((r) => setTimeout(r, 200));
const [apiPort, barePort] = servers.map((s) => (s.address() as { port: number }).port);

// 2,000 different targets per scenario, so the run is not one hot row.
const sample = Array.from({ length: 2000 }, (_, i) => 1 + ((i * 7919 + 13) % people));
const companyOf = (n: number) => 1 + (n % companies);
const bareScenario = {
  name: 'bare PK query',
  url: `http://127.0.0.1:${barePort}`,
  method: 'GET',
  items: sample.map((n) => `/bare/per_b${n}`),
} as const;
const scenarios = [
  bareScenario,
  {
    name: 'enrich by domain',
    method: 'POST',
    items: sample.map((n) =>
      JSON.stringify({
        domain: `bench-c${companyOf(n)}.example`,
        fields: 'email,mobile,headcount',
        limit: 10,
      }),
    ),
  },
  {
    name: 'enrich by email',
    method: 'POST',
    items: sample.map((n) => JSON.stringify({ email: `p${n}@bench-c${companyOf(n)}.example` })),
  },
  {
    name: 'enrich by LinkedIn URL',
    method: 'POST',
    items: sample.map((n) =>
      JSON.stringify({ linkedin_url: `https://www.linkedin.com/in/bench-person-${n}` }),
    ),
  },
] as const;

// Read the targets' rows once (a few batched statements), so every scenario runs on a warm cache
// as a production working set would, not on the first disk read of each row.
const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const personIds = sample.map((n) => `per_b${n}`);
const companyIds = [...new Set(sample.map((n) => `cmp_b${companyOf(n)}`))];
await loadPeople(database.db, personIds);
await database.query(sql`select count(*) from people where company_id in (${inList(companyIds)})`);
await loadPeople(
  database.db,
  (
    await database.query<{ id: string }>(
      sql`select id from people where company_id in (${inList(companyIds)})`,
    )
  ).map((r) => r.id),
);
await database.query(
  sql`select count(*) from company_domains d join companies c on c.id = d.company_id where d.company_id in (${inList(companyIds)})`,
);
await database.query(
  sql`select count(*) from person_emails where email in (${inList(sample.map((n) => `p${n}@bench-c${companyOf(n)}.example`))})`,
);
await database.query(
  sql`select count(*) from person_profiles where network = 'linkedin' and handle in (${inList(sample.map((n) => `bench-person-${n}`))})`,
);

// A sanity check before load: each scenario answers 200 with what it should.
const check = await api.request('/v1/enrich', {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: scenarios[2].items[0],
});
if (check.status !== 200) throw new Error(`enrich answered ${check.status}: ${await check.text()}`);

const loadScript = fileURLToPath(new URL('./load.ts', import.meta.url));
type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds the load generator used. */
  cpuMs: number;
  /** Every response's latency, ms. */
  latencies: number[];
};

// CPU time of the PostgreSQL backends serving this database, from /proc (PostgreSQL runs on this
// machine in every setup the README describes; elsewhere the column stays empty).
const tick = 1000 / 100; // ms per clock tick (USER_HZ is 100 on Linux)
async function backendCpuMs(): Promise<Map<number, number> | null> {
  const rows = await database.query<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const out = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    }
  } catch {
    return null;
  }
  return out;
}
const pgSpent = (before: Map<number, number> | null, after: Map<number, number> | null) =>
  before && after ? [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0) : Number.NaN;
const runLoad = (config: object) => forkLoad<LoadResult>(loadScript, config);

log(
  `\nenrich benchmark, ${new Date().toISOString()}, node ${process.version}, PostgreSQL, ${companies} companies, ${people} people`,
);
log(
  `autocannon in a second process, ${connections} connections, ${seconds} s each in ${slices} turns, pool ${pool}\n`,
);
type Row = LoadResult & {
  name: string;
  nodeMs: number;
  pgMs: number;
  secondsRun: number;
  /** The highest p99 of a single turn (the harsher figure earlier runs reported as p99). */
  worstTurnP99: number;
};
// BENCH_ONLY=domain,bare runs the scenarios whose names contain one of these (for profiling).
const only = process.env.BENCH_ONLY?.split(',');
const chosen = scenarios.filter((s) => !only || only.some((o) => s.name.includes(o)));
const rows: Row[] = chosen.map((s) => ({
  name: s.name,
  rps: 0,
  p50: 0,
  p99: 0,
  requests: 0,
  non2xx: 0,
  errors: 0,
  cpuMs: 0,
  latencies: [],
  nodeMs: 0,
  pgMs: 0,
  secondsRun: 0,
  worstTurnP99: 0,
}));
for (let slice = 0; slice < slices; slice++) {
  for (const [i, s] of chosen.entries()) {
    const row = rows[i] as Row;
    // BENCH_PROFILE=dir: a CPU profile of the server during the scenario's last turn, nothing else.
    const profiler = process.env.BENCH_PROFILE && slice === slices - 1 ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const pgBefore = await backendCpuMs();
    const nodeBefore = process.cpuUsage();
    const result = await runLoad({
      url: 'url' in s ? s.url : `http://127.0.0.1:${apiPort}/v1/enrich`,
      method: s.method,
      headers:
        s.method === 'POST' ? { authorization: `Bearer ${key}`, 'content-type': 'application/json' } : {},
      items: s.items,
      seconds: seconds / slices,
      connections,
    });
    const node = process.cpuUsage(nodeBefore);
    row.pgMs += pgSpent(pgBefore, await backendCpuMs());
    row.nodeMs += (node.user + node.system) / 1000;
    row.cpuMs += result.cpuMs;
    row.requests += result.requests;
    row.non2xx += result.non2xx;
    row.errors += result.errors;
    row.secondsRun += seconds / slices;
    row.worstTurnP99 = Math.max(row.worstTurnP99, result.p99);
    for (const ms of result.latencies) row.latencies.push(ms);
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const file = `${process.env.BENCH_PROFILE}/${s.name.replace(/\W+/g, '-')}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
    }
  }
}
// Percentiles over every response of a scenario, all turns together.
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
for (const row of rows) {
  row.rps = row.requests / row.secondsRun;
  const sorted = row.latencies.sort((a, b) => a - b);
  row.p50 = Math.round(percentile(sorted, 50) * 10) / 10;
  row.p99 = Math.round(percentile(sorted, 99) * 10) / 10;
  const per = (ms: number) => (ms / Math.max(1, row.requests)).toFixed(2);
  log(
    `${row.name.padEnd(24)} ${Math.round(row.rps).toString().padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms ` +
      `(worst turn ${row.worstTurnP99} ms)  ` +
      `cpu/req: server ${per(row.nodeMs)} ms, postgres ${per(row.pgMs)} ms, load ${per(row.cpuMs)} ms  ` +
      `(non-2xx ${row.non2xx}, errors ${row.errors})`,
  );
}
const bareRows = rows.filter((r) => r.name.startsWith('bare'));
const bareRps = bareRows.reduce((sum, r) => sum + r.rps, 0) / Math.max(1, bareRows.length);
const cpuPer = (r: (typeof rows)[number]) => (r.nodeMs + r.pgMs) / Math.max(1, r.requests);
const bareCpu = bareRows.reduce((sum, r) => sum + cpuPer(r), 0) / Math.max(1, bareRows.length);
for (const row of rows.filter((r) => !r.name.startsWith('bare')))
  log(
    `${row.name}: ${((row.rps / bareRps) * 100).toFixed(0)}% of the bare endpoint's throughput, ` +
      `${(cpuPer(row) / bareCpu).toFixed(2)}x its server + PostgreSQL CPU per request, p99 ${row.p99} ms`,
  );
log(
  `load average after the run: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// The plans of the statements enrich sends, as PostgreSQL runs them once prepared (generic plans),
// captured from the database's query log while enrich runs them once.
const n = sample[0] as number;
const captured: Array<{ text: string; params: unknown[] }> = [];
const tap = await createDatabase({
  url: url.toString(),
  maxConnections: 1,
  // drizzle passes the parameters as a second argument
  logQuery: (text: string, ...rest: unknown[]) => {
    captured.push({ text, params: (rest[0] as unknown[]) ?? [] });
  },
});
const lookup = { history: false, technologies: true };
const literal = (v: unknown) =>
  v === null || v === undefined ? 'null' : `'${String(v).replace(/'/g, "''")}'`;
const explain = async (title: string, run: () => Promise<unknown>) => {
  captured.length = 0;
  await run();
  const count = captured.length;
  const statement = captured[0];
  if (!statement) throw new Error(`${title}: no statement captured`);
  const plan = await tap.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare enrich_explain as ${statement.text}`));
    const rows = await tx.execute(
      sql.raw(`explain execute enrich_explain(${statement.params.map(literal).join(', ')})`),
    );
    await tx.execute(sql.raw('deallocate enrich_explain'));
    return rows as unknown as Array<{ 'QUERY PLAN': string }>;
  });
  log(
    `\n-- ${title} (${count} statement${count === 1 ? '' : 's'})\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`,
  );
};
await explain('enrich by domain: the company and its contacts', () =>
  enrichment.companyWithContacts(tap.db, { domain: `bench-c${companyOf(n)}.example` }, { limit: 10 }, lookup),
);
await explain('enrich by email, LinkedIn URL, phone or person id: the people and their companies', () =>
  enrichment.findCandidates(tap.db, { email: `p${n}@bench-c${companyOf(n)}.example` }, lookup),
);
await tap.close();
const explainRaw = async (title: string, query: ReturnType<typeof sql>) => {
  const plan = await database.query<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  log(`\n-- ${title}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
};
await explainRaw('bare primary key', sql`select id, full_name, title from people where id = ${`per_b${n}`}`);

for (const s of servers) s.close();
await access.close();
await database.close();
