/**
 * The cost of the access path: a trivial operation behind auth + rate limit + metering, against
 * the same handler with none of them, in one run. "Bare" is the same REST app (routing, request
 * id, access log, validation, error mapping) with the access path taken out: every request is
 * admitted as a fixed caller, nothing is counted or metered. A raw Hono route answering the same
 * JSON is reported too, as the floor of the framework itself. In process (app.request, median
 * added time) and over HTTP under autocannon (throughput), with the in-process limiter and, when
 * BENCH_REDIS_URL is set, with the Redis limiter.
 */
import { type Access, type AuthedCaller, createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { type Database, silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { Redis } from 'ioredis';
import { ping } from './ping.js';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const redisUrl = process.env.BENCH_REDIS_URL;
const unlimited = { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

async function timeRequests(fetcher: () => Promise<Response>) {
  for (let i = 0; i < 2000; i++) await (await fetcher()).arrayBuffer(); // warm up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const res = await fetcher();
    await res.arrayBuffer();
    times.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

async function load(url: string, headers: Record<string, string>) {
  // The load generator runs in a worker thread, so its HTTP parsing does not share the server's event loop.
  const result = await autocannon({ url, connections: 50, duration: seconds, headers, workers: 1 });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

type Load = Awaited<ReturnType<typeof load>>;

/**
 * The targets take turns for `rounds` rounds, so drifting machine load (this is a shared 2-core
 * VM) falls on all of them alike; each gets its total requests over its total time, and the worst
 * round's p99.
 */
async function interleaved(targets: { url: string; headers: Record<string, string> }[]) {
  const runs: Load[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, t] of targets.entries()) runs[i]?.push(await load(t.url, t.headers));
  }
  return runs.map((r) => ({
    rps: r.reduce((n, x) => n + x.requests, 0) / r.reduce((n, x) => n + x.seconds, 0),
    p50: Math.max(...r.map((x) => x.p50)),
    p99: Math.max(...r.map((x) => x.p99)),
    non2xx: r.reduce((n, x) => n + x.non2xx, 0),
  }));
}

type Rate = Awaited<ReturnType<typeof interleaved>>[number];

/** The same Access surface with nothing behind it: no key lookup, no limiter, no meter. */
function withoutAccessPath(access: Access, caller: AuthedCaller): Access {
  const admitted = {
    allowed: true,
    limit: 1e9,
    remaining: 1e9,
    resetMs: 60_000,
    by: 'plan' as const,
    windowSeconds: 60,
  };
  return {
    ...access,
    authenticate: async () => caller,
    limit: async () => admitted,
    headers: () => ({}),
    meter: { ...access.meter, record: () => {} },
  };
}

async function variant(name: string, database: Database, redis?: Redis) {
  const access = createAccess({
    database,
    hashSecret: 'bench',
    log: silentLogger,
    redis,
    singleProcess: !redis,
    planLimits: unlimited,
    redisPrefix: `bench-${process.pid}`,
  });
  const { key } = await provisionKey(database.db, access.keys, {
    org: `bench-${name}-${Date.now()}`,
    plan: 'enterprise',
  });
  const headers = { authorization: `Bearer ${key}` };
  const caller = await access.authenticate(headers);
  const log = createLogger('silent');
  const full = createApiApp({ database, access, log, operations: [ping as never] });
  const bare = createApiApp({
    database,
    access: withoutAccessPath(access, caller),
    log,
    operations: [ping as never],
  });
  const floor = new Hono().get('/v1/ping', async (c) => c.json(await ping.handler({} as never, {})));

  const floorMicro = await timeRequests(async () => floor.request('/v1/ping'));
  const bareMicro = await timeRequests(async () => bare.request('/v1/ping'));
  const fullMicro = await timeRequests(async () => full.request('/v1/ping', { headers }));

  const servers = [floor, bare, full].map((app) => serve({ fetch: app.fetch, port: 0 }));
  await new Promise((r) => setTimeout(r, 100));
  const [floorPort, barePort, fullPort] = servers.map((s) => (s.address() as { port: number }).port);
  const [floorHttp, bareHttp, fullHttp] = (await interleaved([
    { url: `http://127.0.0.1:${floorPort}/v1/ping`, headers: {} },
    { url: `http://127.0.0.1:${barePort}/v1/ping`, headers: {} },
    { url: `http://127.0.0.1:${fullPort}/v1/ping`, headers },
  ])) as [Rate, Rate, Rate];
  for (const s of servers) s.close();
  await access.close();

  console.log(`\n${name} limiter`);
  console.log(
    `  in process: bare p50 ${bareMicro.p50.toFixed(3)} ms, full p50 ${fullMicro.p50.toFixed(3)} ms, added ${(fullMicro.p50 - bareMicro.p50).toFixed(3)} ms (p99 ${bareMicro.p99.toFixed(3)} / ${fullMicro.p99.toFixed(3)} ms)`,
  );
  console.log(
    `  HTTP, 50 connections, ${rounds} alternating rounds of ${seconds}s: bare ${Math.round(bareHttp.rps)} req/s (p50 ${bareHttp.p50} ms, p99 ${bareHttp.p99} ms), full ${Math.round(fullHttp.rps)} req/s (p50 ${fullHttp.p50} ms, p99 ${fullHttp.p99} ms)`,
  );
  console.log(
    `  full / bare throughput: ${((fullHttp.rps / bareHttp.rps) * 100).toFixed(1)}%  (non-2xx: ${fullHttp.non2xx})`,
  );
  console.log(
    `  framework floor (raw Hono route): in process p50 ${floorMicro.p50.toFixed(3)} ms, HTTP ${Math.round(floorHttp.rps)} req/s; full / floor ${((fullHttp.rps / floorHttp.rps) * 100).toFixed(1)}%`,
  );
}

const database = await createDatabase(
  process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : {},
);
await database.migrate();
console.log(
  `access-path benchmark, ${new Date().toISOString()}, node ${process.version}, database ${database.driver}`,
);
await variant('in-process', database);
if (redisUrl) {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise((r) => redis.once('ready', r));
  await variant('redis', database, redis);
  redis.disconnect();
}
await database.close();
