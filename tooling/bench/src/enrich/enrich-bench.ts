/**
 * Enrich on PostgreSQL at size: 100,000 companies and 1,000,000 people by default (BENCH_COMPANIES,
 * BENCH_PEOPLE), generated once into their own database (BENCH_DATABASE, default
 * dossier_bench_enrich; BENCH_RESEED=1 starts over). The API serves here; autocannon runs in a
 * second process at 50 connections against enrich by domain, by email and by LinkedIn URL, and
 * against a bare Hono endpoint doing one primary-key query on the same database, in one run.
 * EXPLAIN plans of the lookups show the indexes used.
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx tooling/bench/src/enrich/enrich-bench.ts
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { loadPeople, silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from './drizzle.js';
import { seedBench } from './seed.js';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_enrich';
const companies = Number(process.env.BENCH_COMPANIES ?? 100_000);
const people = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pool = Number(process.env.BENCH_POOL ?? 20);
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
const scenarios = [
  {
    name: 'bare PK query',
    url: `http://127.0.0.1:${barePort}`,
    method: 'GET',
    items: sample.map((n) => `/bare/per_b${n}`),
  },
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
type LoadResult = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };
const runLoad = (config: object) =>
  new Promise<LoadResult>((resolve, reject) => {
    const child = fork(loadScript, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: LoadResult | undefined;
    child.on('message', (m) => {
      result = m as LoadResult;
    });
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`load exited ${code}`))));
    child.send(config);
  });

log(
  `\nenrich benchmark, ${new Date().toISOString()}, node ${process.version}, PostgreSQL, ${companies} companies, ${people} people`,
);
log(`autocannon in a second process, ${connections} connections, ${seconds} s each, pool ${pool}\n`);
const rows: Array<{ name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number }> =
  [];
for (const s of scenarios) {
  const result = await runLoad({
    url: 'url' in s ? s.url : `http://127.0.0.1:${apiPort}/v1/enrich`,
    method: s.method,
    headers:
      s.method === 'POST' ? { authorization: `Bearer ${key}`, 'content-type': 'application/json' } : {},
    items: s.items,
    seconds,
    connections,
  });
  rows.push({ name: s.name, ...result });
  log(
    `${s.name.padEnd(24)} ${Math.round(result.rps).toString().padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  (non-2xx ${result.non2xx}, errors ${result.errors})`,
  );
}
const bareRps = rows[0]?.rps ?? 1;
for (const row of rows.slice(1))
  log(`${row.name}: ${((row.rps / bareRps) * 100).toFixed(0)}% of the bare endpoint's throughput`);

// The plans of every lookup enrich makes.
const explain = async (title: string, query: ReturnType<typeof sql>) => {
  const plan = await database.query<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  log(`\n-- ${title}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
};
const n = sample[0] as number;
await explain(
  'company by domain',
  sql`select * from company_domains d join companies c on c.id = d.company_id where d.domain = ${`bench-c${companyOf(n)}.example`}`,
);
await explain(
  'people at a company',
  sql`select id from people where company_id = ${`cmp_b${companyOf(n)}`} order by seniority, id limit 10`,
);
await explain(
  'person by email',
  sql`select distinct person_id from person_emails where email = ${`p${n}@bench-c${companyOf(n)}.example`} limit 10`,
);
await explain(
  'person by LinkedIn handle',
  sql`select distinct person_id from person_profiles where network = 'linkedin' and handle = ${`bench-person-${n}`} limit 10`,
);
await explain(
  'emails of people',
  sql`select * from person_emails where person_id in (${`per_b${n}`}, ${`per_b${n + 1}`})`,
);
await explain('employment of people', sql`select * from employment where person_id in (${`per_b${n}`})`);
await explain('bare primary key', sql`select id, full_name, title from people where id = ${`per_b${n}`}`);

for (const s of servers) s.close();
await access.close();
await database.close();
