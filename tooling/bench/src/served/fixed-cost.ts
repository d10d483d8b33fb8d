/**
 * What every served request pays whatever it asks: the REST door (request id, CORS, access log at the
 * default level, body limit, routing over every operation), admission (key cache, rate limit, usage
 * meter, request log), runOperation (scope, input and output schemas) and the response, around an
 * operation that does nothing (`../access/ping.ts`). Beside it, in the same process and run, a bare
 * Hono route answering the same JSON: the framework's floor. Both served over HTTP by
 * @hono/node-server, loaded in turn by `load.ts` (its own process, BENCH_CONNECTIONS at once, the
 * served bench's keys in turn); this process's CPU time per request is the server's, and the
 * PostgreSQL backends of the database are counted apart (the access path should need none per request).
 * The access layer is set up as `dossier serve` sets it up on PostgreSQL without Redis.
 *
 *   BENCH_DATABASE=dossier_bench_served pnpm exec tsx tooling/bench/src/served/fixed-cost.ts
 *
 * `node --cpu-prof --import tsx ...` profiles the servers alone (the load generator is another process).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccess, provisionKey } from '@dossier/access';
import { createLogger, newApp, registerApi } from '@dossier/api';
import { operations } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ping } from '../access/ping.js';
import { sql } from '../enrich/drizzle.js';
import { runLoad } from './run-load.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_served';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const orgs = Number(process.env.BENCH_ORGS ?? 30);
const secret = process.env.BENCH_SECRET ?? 'dossier-bench-served-secret-not-for-production-use';
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const log = (line: string) => process.stdout.write(`${line}\n`);

const database = await createDatabase({ url: url.toString() });
await database.migrate();
// The server's logger as `dossier serve` makes it (apps/cli/src/logger.ts), at the default level, to a
// file; pino as the api package resolves it.
const pino = createRequire(new URL('../../../../apps/api/package.json', import.meta.url))('pino') as {
  destination(options: object): Parameters<typeof createLogger>[1];
};
const logFile = join(tmpdir(), `dossier-fixed-cost-${process.pid}.log`);
const serverLog = createLogger(
  process.env.BENCH_LOG_LEVEL ?? 'info',
  pino.destination({ dest: logFile, sync: false, minLength: 4096, maxWrite: 8192, periodicFlush: 100 }),
);
const access = createAccess({ database, hashSecret: secret, log: serverLog, singleProcess: false });
const keys: string[] = [];
for (let i = 1; i <= orgs; i++)
  keys.push(
    (await provisionKey(database.db, access.keys, { org: `bench-fixed-${i}`, plan: 'enterprise' })).key,
  );

const full = newApp(serverLog);
registerApi(full, { database, access, log: serverLog, operations: [...operations, ping as never] });
const floor = new Hono().get('/v1/ping', (c) => c.json({ pong: true, credits_used: 0 }));
const servers = [floor, full].map((app) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
await new Promise((r) => setTimeout(r, 100));
const [floorPort, fullPort] = servers.map((s) => (s.address() as { port: number }).port);

// BENCH_VARIANTS=full measures (or profiles) the full path alone.
const only = process.env.BENCH_VARIANTS?.split(',');
// In process first: requests one after another through `fetch`, no sockets, so what is left is the
// JavaScript each request runs (steadier than HTTP on a shared machine). CPU µs per request.
const inProcess = Number(process.env.BENCH_IN_PROCESS ?? 20_000);
if (inProcess > 0) {
  const headersFor = (i: number) => ({ authorization: `Bearer ${keys[i % keys.length]}` });
  const apps = [
    { name: 'floor: bare Hono route', call: (_i: number) => floor.request('/v1/ping') },
    {
      name: 'full: REST door + admission',
      call: (i: number) => full.request('/v1/ping', { headers: headersFor(i) }),
    },
  ].filter((v) => !only || only.some((word) => v.name.startsWith(word)));
  const cpuUs = apps.map(() => [] as number[]);
  for (let round = 0; round < rounds + 1; round++)
    for (const [a, app] of apps.entries()) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < inProcess; i++) {
        const res = await app.call(i);
        await res.text();
        if (res.status !== 200) throw new Error(`${app.name}: ${res.status}`);
      }
      const used = process.cpuUsage(cpu);
      if (round > 0) cpuUs[a]?.push((used.user + used.system) / inProcess); // round 0 warms up
    }
  for (const [a, app] of apps.entries())
    log(
      `in process ${app.name.padEnd(30)} CPU per request ${(cpuUs[a] ?? []).map((us) => us.toFixed(1)).join(', ')} µs ` +
        `(least ${Math.min(...(cpuUs[a] ?? [])).toFixed(1)}: the round the machine disturbed least)`,
    );
}

const tickMs = 10; // USER_HZ
const backendsMs = async () => {
  const rows = await database.query<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  let ms = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ms += (Number(fields[11]) + Number(fields[12])) * tickMs;
    } catch {}
  }
  return ms;
};

const variants = [
  { name: 'floor: bare Hono route', port: floorPort, keys: [] as string[] },
  { name: 'full: REST door + admission', port: fullPort, keys },
].filter((v) => !only || only.some((word) => v.name.startsWith(word)));
const totals = variants.map(() => ({
  requests: 0,
  cpuMs: 0,
  pgMs: 0,
  rps: [] as number[],
  p99: [] as number[],
}));
const measure = async (i: number, duration: number) => {
  const v = variants[i] as (typeof variants)[number];
  const pg = await backendsMs();
  const cpu = process.cpuUsage();
  const result = await runLoad({
    url: `http://127.0.0.1:${v.port}`,
    targets: [{ path: '/v1/ping' }],
    keys: v.keys,
    seconds: duration,
    connections,
  });
  const used = process.cpuUsage(cpu);
  return { result, cpuMs: (used.user + used.system) / 1000, pgMs: (await backendsMs()) - pg };
};
const overHttp = seconds > 0; // BENCH_SECONDS=0: in process only
if (overHttp) for (const [i] of variants.entries()) await measure(i, 2); // warm-up
for (let round = 0; overHttp && round < rounds; round++)
  for (const [i, v] of variants.entries()) {
    const { result, cpuMs, pgMs } = await measure(i, seconds);
    const t = totals[i] as (typeof totals)[number];
    t.requests += result.requests;
    t.cpuMs += cpuMs;
    t.pgMs += pgMs;
    t.rps.push(result.rps);
    t.p99.push(result.p99);
    const bad = Object.entries(result.statuses).filter(([s]) => s !== '200');
    log(
      `  round ${round + 1} ${v.name.padEnd(30)} ${Math.round(result.rps)} req/s  p99 ${result.p99} ms  ` +
        `server ${(cpuMs / result.requests).toFixed(3)} ms/req${bad.length ? `  non-200 ${JSON.stringify(bad)}` : ''}`,
    );
  }
if (overHttp)
  log(
    `\nfixed cost, ${new Date().toISOString()}, ${connections} connections, ${rounds} rounds of ${seconds} s`,
  );
for (const [i, v] of overHttp ? variants.entries() : []) {
  const t = totals[i] as (typeof totals)[number];
  const median = [...t.rps].sort((a, b) => a - b)[t.rps.length >> 1] ?? 0;
  log(
    `${v.name.padEnd(30)} median ${Math.round(median)} req/s, p99 ${t.p99.join('/')} ms, CPU per request: ` +
      `server ${(t.cpuMs / t.requests).toFixed(3)} ms, PostgreSQL ${(t.pgMs / t.requests).toFixed(3)} ms`,
  );
}
for (const s of servers) s.close();
await access.close();
await database.close();
serverLog.flush();
