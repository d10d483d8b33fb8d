/**
 * Search and enrich throughput with one primary, then with a streaming replica taking the reads,
 * in one run. A primary and its replica are started here (initdb and pg_basebackup into temporary
 * folders, ports BENCH_REPLICA_PORTS, default 41352,41353), seeded on the primary with the enrich
 * benchmark's generator (BENCH_COMPANIES, default 20,000; BENCH_PEOPLE, default 100,000). Two API
 * servers run in this process on the same data: one whose database is the primary alone, one with
 * DATABASE_READ_URL's routing (the replica within a 5 s lag bound). autocannon, in a second
 * process, loads search companies and enrich by email on each in turn, BENCH_SLICES slices
 * (default 4) of BENCH_SECONDS / slices each (default 20). Per configuration it reports req/s,
 * p50, p99 and CPU milliseconds per request of each PostgreSQL server's backends (from /proc),
 * which show where the reads went; on one small machine both servers share the same cores, so the
 * figure to read is where the database work lands, not a gain in req/s.
 *
 *   pnpm exec tsx --max-semi-space-size=64 tooling/bench/src/replica/replica-bench.ts
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { silentLogger } from '@dossier/core';
import { createDatabase, type Database } from '@dossier/db';
import { startPostgresPair } from '@dossier/testing';
import { serve } from '@hono/node-server';
import { sql } from '../enrich/drizzle.js';
import { seedBench } from '../enrich/seed.js';

const companies = Number(process.env.BENCH_COMPANIES ?? 20_000);
const people = Number(process.env.BENCH_PEOPLE ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const [primaryPort, replicaPort] = (process.env.BENCH_REPLICA_PORTS ?? '41352,41353').split(',').map(Number);
const log = (line: string) => process.stdout.write(`${line}\n`);

const pair = startPostgresPair({
  primaryPort: primaryPort as number,
  replicaPort: replicaPort as number,
  settings: ['shared_buffers = 256MB'],
});
const stopAll: Array<() => unknown> = [() => pair.stop()];
process.on('exit', () => {
  for (const stop of stopAll.reverse()) stop();
});

try {
  const seedDb = await createDatabase({ url: pair.primaryUrl, maxConnections: 2 });
  await seedDb.migrate();
  log(`seeding ${companies} companies and ${people} people ...`);
  await seedBench(seedDb, companies, people, log);
  await seedDb.query(sql`analyze`);
  await seedDb.close();

  const pool = 10;
  const primaryOnly = await createDatabase({ url: pair.primaryUrl, maxConnections: pool });
  const routed = await createDatabase({
    url: pair.primaryUrl,
    maxConnections: pool,
    readUrls: [pair.replicaUrl],
    maxLagSeconds: 5,
  });
  // The replica has everything once replay reaches the primary's position.
  const [{ lsn } = { lsn: '' }] = await primaryOnly.query<{ lsn: string }>(
    sql`select pg_current_wal_lsn()::text as lsn`,
  );
  for (;;) {
    const [row] = await (routed.reader ? routed.reader() : routed).query<{ caught: boolean }>(
      sql`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught`,
    );
    if (row?.caught) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const access = createAccess({
    database: primaryOnly,
    hashSecret: 'bench',
    log: silentLogger,
    singleProcess: true,
    planLimits: { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 },
  });
  const { key } = await provisionKey(primaryOnly.db, access.keys, { org: 'bench', plan: 'enterprise' });
  const app = (database: Database) => createApiApp({ database, access, log: createLogger('silent') });
  const servers = [
    serve({ fetch: app(primaryOnly).fetch, port: 0 }),
    serve({ fetch: app(routed).fetch, port: 0 }),
  ];
  stopAll.push(() => {
    for (const s of servers) s.close();
  });
  await new Promise((r) => setTimeout(r, 200));
  const configs = [
    { name: 'primary only', port: (servers[0]?.address() as { port: number } | undefined)?.port ?? 0 },
    { name: 'replica takes reads', port: (servers[1]?.address() as { port: number } | undefined)?.port ?? 0 },
  ];

  const sample = Array.from({ length: 2000 }, (_, i) => 1 + ((i * 7919 + 13) % people));
  // The seeded industries that are also search filter values.
  const industries = ['software', 'retail', 'logistics'];
  const scenarios = [
    {
      name: 'search companies',
      path: '/v1/search/companies',
      items: sample.map((n) =>
        JSON.stringify({ filters: { industry: [industries[n % 3]], country: ['US'] }, limit: 10 }),
      ),
    },
    {
      name: 'enrich by email',
      path: '/v1/enrich',
      items: sample.map((n) => JSON.stringify({ email: `p${n}@bench-c${1 + (n % companies)}.example` })),
    },
  ];
  for (const scenario of scenarios) {
    const res = await fetch(`http://127.0.0.1:${configs[1]?.port}${scenario.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: scenario.items[0],
    });
    if (res.status !== 200) throw new Error(`${scenario.name} answered ${res.status}: ${await res.text()}`);
  }

  /** CPU ms of every process of one PostgreSQL server (postmaster and its children), from /proc. */
  const serverCpuMs = (dataDir: string): number => {
    const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    let total = 0;
    for (const entry of readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number)) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (entry === postmaster || Number(fields[1]) === postmaster)
          total += (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        // the process ended
      }
    }
    return total;
  };

  const loadScript = fileURLToPath(new URL('../enrich/load.ts', import.meta.url));
  type Load = { rps: number; requests: number; non2xx: number; latencies: number[] };
  const runLoad = (port: number, path: string, items: string[], secs: number) =>
    new Promise<Load>((resolve, reject) => {
      const child = fork(loadScript, [], { execArgv: ['--import', 'tsx'] });
      child.once('message', (m) => resolve(m as Load));
      child.once('error', reject);
      child.send({
        url: `http://127.0.0.1:${port}${path}`,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        items,
        seconds: secs,
        connections,
      });
    });

  type Tally = {
    requests: number;
    non2xx: number;
    ms: number;
    latencies: number[];
    primaryCpu: number;
    replicaCpu: number;
  };
  const tallies = new Map<string, Tally>();
  const slice = Math.max(1, Math.round(seconds / slices));
  for (let s = 0; s < slices; s++) {
    for (const scenario of scenarios) {
      // Alternate which configuration goes first, so load drift favours neither.
      const order = s % 2 ? [...configs].reverse() : configs;
      for (const config of order) {
        const cpu0 = [serverCpuMs(pair.dirs.primary), serverCpuMs(pair.dirs.replica)];
        const started = Date.now();
        const result = await runLoad(config.port, scenario.path, scenario.items, slice);
        const ms = Date.now() - started;
        const cpu1 = [serverCpuMs(pair.dirs.primary), serverCpuMs(pair.dirs.replica)];
        const id = `${scenario.name} | ${config.name}`;
        const t = tallies.get(id) ?? {
          requests: 0,
          non2xx: 0,
          ms: 0,
          latencies: [],
          primaryCpu: 0,
          replicaCpu: 0,
        };
        t.requests += result.requests;
        t.non2xx += result.non2xx;
        t.ms += ms;
        t.latencies.push(...result.latencies);
        t.primaryCpu += (cpu1[0] as number) - (cpu0[0] as number);
        t.replicaCpu += (cpu1[1] as number) - (cpu0[1] as number);
        tallies.set(id, t);
      }
    }
  }

  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  log(
    `\n${companies} companies, ${people} people; ${connections} connections; ${slices} slices of ${slice} s; load ${load}`,
  );
  log(
    '| scenario | configuration | req/s | p50 ms | p99 ms | primary CPU ms/req | replica CPU ms/req | non-2xx |',
  );
  log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [id, t] of tallies) {
    const [scenario, config] = id.split(' | ');
    log(
      `| ${scenario} | ${config} | ${((t.requests * 1000) / t.ms).toFixed(0)} | ${Math.round(pct(t.latencies, 50))} | ${Math.round(pct(t.latencies, 99))} | ` +
        `${(t.primaryCpu / Math.max(1, t.requests)).toFixed(3)} | ${(t.replicaCpu / Math.max(1, t.requests)).toFixed(3)} | ${t.non2xx} |`,
    );
  }
  await access.close?.();
  await Promise.all([primaryOnly.close(), routed.close()]);
} finally {
  for (const stop of stopAll.splice(0).reverse()) stop();
}
process.exit(0);
