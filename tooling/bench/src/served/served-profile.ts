/**
 * The served scenarios one request at a time, in process, against the served bench database (run
 * served-bench.ts once first): statements and Node CPU time per request through the whole API, and
 * the statements one request runs (`BENCH_SHOW=1`), for EXPLAIN. Where the served path's time goes,
 * without a load generator or a second process.
 *
 *   BENCH_DATABASE=dossier_bench_served pnpm exec tsx tooling/bench/src/served/served-profile.ts
 */
import { createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { createDatabaseCache, createVerifier, silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { sql } from '../enrich/drizzle.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_served';
const rounds = Number(process.env.BENCH_ROUNDS ?? 500);
const show = process.env.BENCH_SHOW === '1';
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

let statements = 0;
let shown: string[] | null = null;
const database = await createDatabase({
  url: url.toString(),
  maxConnections: 4,
  logQuery: (query) => {
    statements++;
    shown?.push(query);
  },
});
const column = async (query: ReturnType<typeof sql>) =>
  (await database.query<{ v: string }>(query)).map((r) => r.v);
const domains = await column(sql`select domain as v from companies order by md5(id) limit 200`);
if (domains.length === 0) throw new Error(`${dbName} is empty: run served-bench.ts first`);
const emails = await column(
  sql`select email as v from person_emails where type = 'work' order by md5(email) limit 200`,
);
const linkedins = await column(
  sql`select url as v from person_profiles where network = 'linkedin' order by md5(url) limit 200`,
);
const personIds = await column(sql`select id as v from people order by md5(id) limit 200`);

const access = createAccess({
  database,
  hashSecret: process.env.BENCH_SECRET ?? 'dossier-bench-served-secret-not-for-production-use',
  log: silentLogger,
  singleProcess: true,
});
const { key } = await provisionKey(database.db, access.keys, {
  org: `served-prof-${Date.now()}`,
  plan: 'enterprise',
});
// A verifier with the database cache, as `dossier serve` has (createVerifierFromEnv): enrich by domain
// checks inferred addresses with it, and its cache reads are part of what a request costs.
const verifier = createVerifier({
  heloName: 'bench.example',
  mailFrom: 'verify@bench.example',
  cache: createDatabaseCache(database),
});
const api = createApiApp({ database, access, log: createLogger('silent'), verifier });
const auth = { authorization: `Bearer ${key}` };
const post = (body: string, type = 'application/json') =>
  api.request('/v1/enrich', { method: 'POST', headers: { ...auth, 'content-type': type }, body });

const scenarios: Array<[string, string[], (target: string) => Response | Promise<Response>]> = [
  [
    'enrich by domain',
    domains,
    (d) =>
      post(
        new URLSearchParams({ domain: d, fields: 'email,mobile,headcount' }).toString(),
        'application/x-www-form-urlencoded',
      ),
  ],
  ['company by domain', domains, (d) => api.request(`/v1/company/${d}`, { headers: auth })],
  ['enrich by email', emails, (email) => post(JSON.stringify({ email }))],
  ['enrich by LinkedIn URL', linkedins, (linkedin_url) => post(JSON.stringify({ linkedin_url }))],
  ['person by id', personIds, (id) => api.request(`/v1/person/${id}`, { headers: auth })],
];

const log = (line: string) => process.stdout.write(`${line}\n`);
log(`in-process, sequential, ${rounds} requests each, ${dbName}`);
const only = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim().toLowerCase());
for (const [name, targets, call] of scenarios) {
  if (only && !only.some((word) => name.toLowerCase().includes(word))) continue;
  const target = (i: number) => targets[i % targets.length] as string;
  for (let i = 0; i < 50; i++) await (await call(target(i))).text(); // warm
  if (show) {
    shown = [];
    await (await call(target(7))).text();
    log(`${name}:\n${shown.map((q) => `  ${q.replace(/\s+/g, ' ')}`).join('\n')}`);
    shown = null;
  }
  statements = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const res = await call(target(i));
    const body = await res.text();
    if (res.status !== 200 && res.status !== 404) throw new Error(`${name}: ${res.status} ${body}`);
  }
  const wall = (performance.now() - started) / rounds;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / rounds;
  log(
    `${name.padEnd(24)} wall ${wall.toFixed(2)} ms  node cpu ${cpuMs.toFixed(2)} ms  ` +
      `statements ${(statements / rounds).toFixed(2)}`,
  );
}
await access.close();
await database.close();
