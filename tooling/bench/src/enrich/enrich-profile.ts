/**
 * One request at a time, in process, against the seeded enrich database (run enrich-bench.ts once
 * first): wall time, Node CPU time and statements per request for each scenario, through the
 * whole API (`app.request`: auth, validation, handler, JSON) and through the bare endpoint.
 * No load generator: this is where the time of a single request goes. With `--cpu-prof` on node
 * (`node --cpu-prof --import tsx ...`), the profile covers only these calls.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx tooling/bench/src/enrich/enrich-profile.ts
 */
import { createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { Hono } from 'hono';
import { sql } from './drizzle.js';

// BENCH_DATABASE_URL like every other benchmark (BENCH_PG_URL, its old name, still works).
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_enrich';
const rounds = Number(process.env.BENCH_ROUNDS ?? 1000);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

let statements = 0;
const database = await createDatabase({
  url: url.toString(),
  maxConnections: 4,
  logQuery: () => {
    statements++;
  },
});
const [size] = await database.query<{ companies: number; people: number }>(
  sql`select (select count(*)::int from companies) as companies, (select count(*)::int from people) as people`,
);
const companies = size?.companies ?? 0;
const people = size?.people ?? 0;
if (!companies || !people) throw new Error(`${dbName} is empty: run enrich-bench.ts first`);

const access = createAccess({
  database,
  hashSecret: 'bench',
  log: silentLogger,
  singleProcess: true,
  planLimits: { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 },
});
const { key } = await provisionKey(database.db, access.keys, {
  org: `prof-${Date.now()}`,
  plan: 'enterprise',
});
const api = createApiApp({
  database,
  access,
  log: createLogger((process.env.BENCH_LOG ?? 'silent') as 'silent'),
});
const bare = new Hono().get('/bare/:id', async (c) => {
  const [row] = await database.query(
    sql`select id, full_name, title from people where id = ${c.req.param('id')}`,
  );
  return c.json(row ?? null, row ? 200 : 404);
});

const sample = Array.from({ length: 2000 }, (_, i) => 1 + ((i * 7919 + 13) % people));
const companyOf = (n: number) => 1 + (n % companies);
const post = async (body: string) =>
  api.request('/v1/enrich', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
const scenarios: Array<[string, (n: number) => Response | Promise<Response>]> = [
  ['bare PK query', (n) => bare.request(`/bare/per_b${n}`)],
  [
    'enrich by domain',
    (n) =>
      post(
        JSON.stringify({
          domain: `bench-c${companyOf(n)}.example`,
          fields: 'email,mobile,headcount',
          limit: 10,
        }),
      ),
  ],
  ['enrich by email', (n) => post(JSON.stringify({ email: `p${n}@bench-c${companyOf(n)}.example` }))],
  [
    'enrich by LinkedIn URL',
    (n) => post(JSON.stringify({ linkedin_url: `https://www.linkedin.com/in/bench-person-${n}` })),
  ],
];

const log = (line: string) => process.stdout.write(`${line}\n`);
log(`in-process, sequential, ${rounds} requests each, ${companies} companies, ${people} people`);
const only = process.env.BENCH_ONLY?.split(',');
for (const [name, call] of scenarios) {
  if (only && !only.some((o) => name.includes(o))) continue;
  for (let i = 0; i < 50; i++) await (await call(sample[i] as number)).text(); // warm
  statements = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < rounds; i++) {
    const res = await call(sample[i % sample.length] as number);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body}`);
    bytes += body.length;
  }
  const wall = (performance.now() - started) / rounds;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / rounds;
  log(
    `${name.padEnd(24)} wall ${wall.toFixed(2)} ms  node cpu ${cpuMs.toFixed(2)} ms  ` +
      `statements ${(statements / rounds).toFixed(2)}  body ${Math.round(bytes / rounds)} B`,
  );
}
await access.close();
await database.close();
