import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type PostgresPair, startPostgresPair } from '@dossier/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalDns,
  startLocalDns,
  type ZoneEntry,
} from '../../../packages/core/testing/verify/dns-server.js';
import { type ScriptedSmtp, startScriptedSmtp } from '../../../packages/core/testing/verify/scripted-smtp.js';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// Dossier past one machine, on real services: a PostgreSQL primary with a streaming replica (both
// started here with initdb and pg_basebackup), Redis, two API processes and two workers.
//  - A verify job and an audience job finish exactly once while the worker holding the verify job
//    is killed with SIGKILL mid-job: the other worker takes it over when the lease runs out.
//  - Lookups and searches are served by the replica (its own table statistics count them); a
//    client that writes reads its write at once, while the replica (replay paused) lacks it.
//  - SIGTERM under load: a worker with a running job exits 0 and releases the job at once; an API
//    process answers every request in flight, exits 0 and flushes exactly the usage it served.
const pgUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const domains = 6;
const perDomain = 30;
const leaseMs = 3_000;

let pair: PostgresPair;
let redis: ChildProcess;
let dns: LocalDns;
let smtp: ScriptedSmtp;
let primary: postgres.Sql;
let replica: postgres.Sql;
const processes = new Set<ChildProcess>();

let t0 = Date.now();
const step = (what: string) =>
  process.stderr.write(`[cluster ${((Date.now() - t0) / 1000).toFixed(1)}s] ${what}\n`);
const until = async <T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms = 60_000,
): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};

describe.runIf(pgUrl)('API and worker fleets over a primary, a replica and Redis', () => {
  let env: Record<string, string>;

  beforeAll(async () => {
    pair = startPostgresPair({ primaryPort: 41350, replicaPort: 41351 });
    redis = spawn(
      'redis-server',
      ['--port', '41360', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const zone: Record<string, ZoneEntry> = { 'verifier.test': { a: ['127.0.0.1'] } };
    for (let d = 0; d < domains; d++) {
      zone[`d${d}.test`] = { mx: [[10, `mx.d${d}.test`]] };
      zone[`mx.d${d}.test`] = { a: ['127.0.0.1'] };
    }
    dns = await startLocalDns(zone);
    smtp = await startScriptedSmtp({ delayMs: 40 });
    primary = postgres(pair.primaryUrl, { max: 2, onnotice: () => {} });
    replica = postgres(pair.replicaUrl, { max: 2, onnotice: () => {} });
    env = {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_READ_URL: pair.replicaUrl,
      // Generous: the read-your-writes check pauses replay and the replica must still count as fit.
      DATABASE_READ_MAX_LAG_SECONDS: '120',
      REDIS_URL: 'redis://127.0.0.1:41360',
      DOSSIER_SECRET: 'cluster-test-secret-0123456789abcdef0123',
      PORT: '0',
      USAGE_FLUSH_MS: '300',
      SHUTDOWN_TIMEOUT_MS: '6000',
      JOB_LEASE_MS: String(leaseMs),
      JOB_POLL_MS: '200',
      VERIFY_JOB_CHUNK_SIZE: '20',
      VERIFY_SMTP_PORT: String(smtp.port),
      VERIFY_DNS_SERVERS: dns.servers.join(','),
      VERIFY_ALLOW_PRIVATE: '127.0.0.1',
      VERIFY_HELO_NAME: 'verifier.test',
      VERIFY_MAIL_FROM: 'probe@verifier.test',
      VERIFY_DOMAIN_CONCURRENCY: '2',
    };
    const migrated = await runCli(['migrate'], env);
    expect(migrated.code, migrated.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    await Promise.all([primary?.end(), replica?.end(), dns?.close(), smtp?.close()]);
    redis?.kill('SIGKILL');
    pair?.stop();
  });

  const serve = async (role: 'api' | 'worker') => {
    const child = startCli(['serve', '--role', role], env);
    processes.add(child);
    child.on('exit', () => processes.delete(child));
    const log = { text: '' };
    child.stdout?.on('data', (d) => (log.text += d));
    const out = await waitForOutput(child, /"url":"(http:[^"]+)"/);
    return { child, log, base: (/"url":"(http:[^"]+)"/.exec(out) as RegExpExecArray)[1] as string };
  };
  const newKey = async (org: string) => {
    const made = await runCli(['keys', 'create', '--org', org, '--plan', 'enterprise', '--ingest'], env);
    expect(made.code, made.stderr).toBe(0);
    return made.stdout.trim();
  };
  const call = async (base: string, key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** Index scans plus sequential scans over every user table, as the server's statistics count them. */
  const scans = async (sql: postgres.Sql) => {
    const [row] = await sql`select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0)::bigint as n
      from pg_stat_user_tables`;
    return Number(row?.n);
  };

  it('runs jobs exactly once through a killed worker, reads from the replica, and stops cleanly', async () => {
    t0 = Date.now();
    const [keyA, keyB, keyLoad] = await Promise.all([newKey('alpha'), newKey('beta'), newKey('load')]);
    const [api1, api2, w1, w2] = await Promise.all([
      serve('api'),
      serve('api'),
      serve('worker'),
      serve('worker'),
    ]);
    step('processes up');
    const workers = new Map([
      [w1.child.pid, w1],
      [w2.child.pid, w2],
    ]);

    // --- Jobs: submitted through the API processes, which never run them.
    const emails = Array.from({ length: domains * perDomain }, (_, i) => `u${i}@d${i % domains}.test`);
    const verify = await call(api1.base, keyA, 'POST', '/v1/verify', { emails });
    expect(verify.status).toBe(202);
    const verifyId = verify.body.job.id as string;
    const contacts = Array.from({ length: 3_000 }, (_, i) => ({ email: `person.${i}@example.com` }));
    const aud = await call(api2.base, keyA, 'POST', '/v1/audience', {
      network: 'meta',
      contacts,
      as_job: true,
    });
    expect(aud.status).toBe(202);
    const audienceId = aud.body.job.id as string;

    // Kill the worker holding the verify job once it has saved some progress.
    const holder = await until('verify progress', async () => {
      const [row] = await primary`select locked_by, done from job_runs where id = ${verifyId}`;
      return row?.locked_by && row.done >= 20 && row.done < emails.length
        ? (row.locked_by as string)
        : undefined;
    });
    step(`killing ${holder}`);
    const pid = Number(holder.split(':')[1]);
    const victim = workers.get(pid);
    expect(victim, `lease holder ${holder} is one of our workers`).toBeDefined();
    victim?.child.kill('SIGKILL');
    await once(victim?.child as ChildProcess, 'exit');
    const killedAt = Date.now();
    const survivor = victim === w1 ? w2 : w1;

    const finished = async (path: string, id: string, base = api2.base) =>
      until(`${id} to finish`, async () => {
        const res = await call(base, keyA, 'GET', `${path}/${id}?limit=1`);
        return res.body.job?.status === 'succeeded' ? res.body.job : undefined;
      });
    step('waiting for jobs');
    const verifyJob = await finished('/v1/verify', verifyId);
    expect(Date.now() - killedAt).toBeGreaterThan(leaseMs / 2); // waited out (most of) the lease
    expect(verifyJob).toMatchObject({ total: emails.length, done: emails.length });
    const audienceJob = await finished('/v1/audience', audienceId);
    expect(audienceJob).toMatchObject({ total: audienceJob.total, done: audienceJob.total });
    for (const id of [verifyId, audienceId]) {
      const [items] =
        await primary`select count(*)::int as n, count(*) filter (where status = 'done')::int as done,
        count(distinct seq)::int as seqs from job_items where job_id = ${id}`;
      expect(items?.done).toBe(items?.n);
      expect(items?.seqs).toBe(items?.n);
      const [run] = await primary`select status, done, locked_by, finished_at from job_runs where id = ${id}`;
      expect(run).toMatchObject({ status: 'succeeded', done: items?.n, locked_by: null });
    }
    // Every address was asked about; the survivor redid at most the batch the dead worker had in hand.
    const asked = smtp.commands.filter((c) => /^RCPT TO:<u\d+@/.test(c));
    expect(new Set(asked).size).toBe(emails.length);
    expect(asked.length - emails.length).toBeLessThanOrEqual(20 * domains);
    // The API processes ran none of it; the survivor finished the verify job (its line may come up
    // to the server log's flush interval after the job's row says so), and no job finished twice.
    // The audience job's line is not awaited: a worker killed outright may lose its last lines.
    const finishedLines = (text = '') =>
      text.split('\n').filter((line) => line.includes('"msg":"job finished"'));
    await until(
      'the survivor to log the verify job finished',
      async () => finishedLines(survivor.log.text).some((line) => line.includes(verifyId)),
      10_000,
    );
    for (const api of [api1, api2]) expect(api.log.text).not.toContain('job finished');
    const lines = [...finishedLines(victim?.log.text), ...finishedLines(survivor.log.text)];
    expect(lines.filter((line) => line.includes(verifyId))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(audienceId)).length).toBeLessThanOrEqual(1);

    // --- Reads from the replica: lookups and searches raise the replica's own scan counts.
    step('replica reads');
    const before = await scans(replica);
    for (let i = 0; i < 10; i++) {
      const base = i % 2 ? api1.base : api2.base;
      expect((await call(base, keyB, 'GET', `/v1/company/nothing-${i}.example`)).status).toBe(404);
      expect(
        (await call(base, keyB, 'POST', '/v1/search/companies', { query: 'fintech', limit: 3 })).status,
      ).toBe(200);
    }
    await until('replica statistics', async () => (await scans(replica)) >= before + 20, 20_000);

    // --- Read-your-writes: with replay paused, the writer still reads its write; another
    // organization, reading from the replica, does not see it until replay resumes.
    step('read your writes');
    await replica`select pg_wal_replay_pause()`;
    try {
      const pushed = await call(api1.base, keyA, 'POST', '/v1/records', {
        kind: 'companies',
        source: 'cluster',
        records: [{ name: 'Replica Lag Ltd', domain: 'replica-lag.example' }],
      });
      expect(pushed.status).toBe(200);
      expect(pushed.body.totals.loaded).toBe(1);
      const own = await call(api1.base, keyA, 'GET', '/v1/company/replica-lag.example');
      expect(own.status).toBe(200);
      expect(own.body.name).toBe('Replica Lag Ltd');
      expect((await call(api1.base, keyB, 'GET', '/v1/company/replica-lag.example')).status).toBe(404);
    } finally {
      await replica`select pg_wal_replay_resume()`;
    }
    await until('replica to catch up', async () => {
      const other = await call(api1.base, keyB, 'GET', '/v1/company/replica-lag.example');
      return other.status === 200;
    });

    step('sigterm');
    // --- SIGTERM under load. A worker with a job in hand: exit 0, and the job free at once.
    const next = await call(api1.base, keyA, 'POST', '/v1/verify', {
      emails: emails.map((e) => e.replace('@', '.again@')),
    });
    const nextId = next.body.job.id as string;
    await until('the survivor to work on the job', async () => {
      const [row] = await primary`select locked_by, done from job_runs where id = ${nextId}`;
      return row?.locked_by && row.done > 0;
    });
    survivor.child.kill('SIGTERM');
    const [workerCode] = await once(survivor.child, 'exit');
    expect(workerCode).toBe(0);
    const [released] =
      await primary`select locked_by, locked_until, status from job_runs where id = ${nextId}`;
    expect(released).toMatchObject({ locked_by: null, locked_until: null, status: 'running' });

    // An API process under load: every request gets an answer, exit 0, usage exact.
    const statuses: number[] = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          try {
            const res = await call(api2.base, keyLoad, 'POST', '/v1/search/companies', {
              query: 'saas',
              limit: 2,
            });
            statuses.push(res.status);
          } catch (error) {
            // The listener is closed once the process stops: a refused connection is not a cut request.
            if (!/ECONNREFUSED|fetch failed/.test(String((error as Error).cause ?? error))) throw error;
            statuses.push(-1);
            return;
          }
        }
      }),
    );
    await until('load', async () => statuses.length >= 20);
    api2.child.kill('SIGTERM');
    const [apiCode] = await once(api2.child, 'exit');
    loading = false;
    await load;
    expect(apiCode).toBe(0);
    expect(statuses.every((s) => s === 200 || s === 503 || s === -1)).toBe(true);
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThanOrEqual(20);
    // The stopped process flushed on its way out: its searches are all counted, once.
    const [counted] = await primary`select coalesce(sum(u.requests), 0)::int as n from usage_daily u
      join organizations o on o.id = u.org_id where o.name = 'load' and u.operation = 'search_companies'`;
    expect(counted?.n).toBe(served);

    // A fresh worker takes the released job at once (no lease to wait out) and finishes it.
    step('third worker');
    const w3 = await serve('worker');
    const done = await finished('/v1/verify', nextId, api1.base);
    expect(done).toMatchObject({ status: 'succeeded', done: emails.length });
    for (const p of [w3, api1]) {
      p.child.kill('SIGTERM');
      expect((await once(p.child, 'exit'))[0]).toBe(0);
    }
    // Bounded at 3 minutes of work on a quiet machine; the budget allows for six tsx starts on a busy one.
  }, 600_000);
});
