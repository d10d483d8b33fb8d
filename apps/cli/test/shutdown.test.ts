import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresTestUrl } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalDns,
  startLocalDns,
  type ZoneEntry,
} from '../../../packages/core/testing/verify/dns-server.js';
import {
  defaultReply,
  type ScriptedSmtp,
  startScriptedSmtp,
} from '../../../packages/core/testing/verify/scripted-smtp.js';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// SIGTERM while a verify job works against a slow mail server, with synchronous verifies in
// flight: exit 0 within SHUTDOWN_TIMEOUT_MS, every request answered, usage flushed exactly,
// and the job resumed at once by the next start (no lease to wait out). On PostgreSQL with
// TEST_DATABASE_URL (a fresh database copied from the migrated template), else on an embedded one.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const domains = 8;
const perDomain = 40;
let dns: LocalDns;
let smtp: ScriptedSmtp;
let dir: string;
/** Where the CLI children keep their data: a PostgreSQL database, or the embedded one in `dir`. */
let store: Record<string, string>;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const zone: Record<string, ZoneEntry> = {};
  zone['verifier.test'] = { a: ['127.0.0.1'] }; // our HELO name and MAIL FROM domain must resolve
  for (const name of [...Array.from({ length: domains }, (_, d) => `d${d}`), 'quick', 'slow']) {
    zone[`${name}.test`] = { mx: [[10, `mx.${name}.test`]] };
    zone[`mx.${name}.test`] = { a: ['127.0.0.1'] };
  }
  dns = await startLocalDns(zone);
  smtp = await startScriptedSmtp({
    delayMs: 30,
    // A server that takes its time over one domain's recipients.
    handle: async (command) => {
      if (/^RCPT TO:<[^>]*@slow\.test>/i.test(command)) await sleep(400);
      return defaultReply(command);
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'dossier-stop-'));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const made = await createPostgresTestUrl(url);
    drop = made.drop;
    store = { DATABASE_URL: made.url, DOSSIER_SECRET: 'shutdown-test-secret-0123456789abcdef' };
  } else store = { DOSSIER_DATA_DIR: dir };
});
afterAll(async () => {
  await Promise.all([dns?.close(), smtp?.close(), drop?.()]);
  rmSync(dir, { recursive: true, force: true });
});

const serveEnv = () => ({
  ...store,
  PORT: '0',
  DOSSIER_DEMO: 'false',
  USAGE_FLUSH_MS: '600000',
  SHUTDOWN_TIMEOUT_MS: '5000',
  VERIFY_SMTP_PORT: String(smtp.port),
  VERIFY_DNS_SERVERS: dns.servers.join(','),
  VERIFY_ALLOW_PRIVATE: '127.0.0.1',
  VERIFY_HELO_NAME: 'verifier.test',
  VERIFY_MAIL_FROM: 'probe@verifier.test',
  VERIFY_DOMAIN_CONCURRENCY: '2',
  VERIFY_COMMAND_TIMEOUT_MS: '20000',
  // A lease far longer than the test waits: the next start can only take the job over if the
  // stopping instance released it.
  JOB_LEASE_MS: '600000',
});

const start = async () => {
  const server = startCli(['serve'], serveEnv());
  const out = await waitForOutput(server, /"url":"(http:[^"]+)"/);
  return { server, base: (/"url":"(http:[^"]+)"/.exec(out) as RegExpExecArray)[1] as string };
};

describe('SIGTERM while a verify job runs', () => {
  it('stops cleanly: exit 0 in time, requests answered, usage exact, job resumed at once', async () => {
    const created = await runCli(['keys', 'create', '--org', 'stop', '--plan', 'enterprise'], store);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    const first = await start();
    let served = 0; // requests answered by an operation (what usage must count)
    const emails = Array.from({ length: domains * perDomain }, (_, i) => `u${i}@d${i % domains}.test`);
    const queued = await fetch(`${first.base}/v1/verify`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ emails }),
    });
    expect(queued.status).toBe(202);
    served++;
    const jobId = ((await queued.json()) as { job: { id: string } }).job.id;
    while (smtp.commands.filter((c) => c.startsWith('RCPT')).length < 50) await sleep(20);

    // Two synchronous verifies in flight at the signal: a quick one finishes, a slow one
    // (100 addresses at 400 ms each) is answered 503 with Retry-After at the deadline.
    const verify = (list: string[]) =>
      fetch(`${first.base}/v1/verify`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ emails: list }),
      });
    const quick = verify(['a@quick.test', 'b@quick.test']);
    const slow = verify(Array.from({ length: 100 }, (_, i) => `s${i}@slow.test`));
    await sleep(100);
    const signalled = Date.now();
    first.server.kill('SIGTERM');
    const [code] = await once(first.server, 'exit');
    const stopMs = Date.now() - signalled;
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(5_000);

    const quickRes = await quick;
    expect(quickRes.status).toBe(200);
    expect(((await quickRes.json()) as { results: unknown[] }).results).toHaveLength(2);
    served++;
    const slowRes = await slow;
    expect(slowRes.status).toBe(503);
    expect(slowRes.headers.get('retry-after')).toBe('5');
    expect(((await slowRes.json()) as { error: string }).error).toBe('unavailable');

    // The next start claims the job at once (the lease has 10 minutes to run) and finishes it;
    // every address answered once.
    const second = await start();
    const resumedAt = Date.now();
    let job: { status: string; done: number; total: number } = { status: '', done: 0, total: 0 };
    while (Date.now() - resumedAt < 120_000 && job.status !== 'succeeded') {
      const res = await fetch(`${second.base}/v1/verify/${jobId}`, { headers: auth });
      job = ((await res.json()) as { job: typeof job }).job;
      if (job.status !== 'succeeded') await sleep(200);
    }
    expect(job).toMatchObject({ status: 'succeeded', done: emails.length, total: emails.length });
    const asked = smtp.commands.filter((c) => /^RCPT TO:<u\d+@/.test(c));
    expect(new Set(asked).size).toBe(emails.length);

    // What the first instance served was flushed on its way out, once.
    const usage = await fetch(`${second.base}/v1/usage`, { headers: auth });
    expect(((await usage.json()) as { totals: { requests: number } }).totals.requests).toBe(served);
    second.server.kill('SIGTERM');
    expect((await once(second.server, 'exit'))[0]).toBe(0);
  }, 360_000); // two process starts and a first migration: slow on a loaded machine
});

describe('SIGTERM with clients on kept-alive connections', () => {
  it('answers or refuses every request, never resets one', async () => {
    const created = await runCli(['keys', 'create', '--org', 'keepalive', '--plan', 'enterprise'], store);
    expect(created.code).toBe(0);
    const headers = { authorization: `Bearer ${created.stdout.trim()}`, 'content-type': 'application/json' };
    const { server, base } = await start();
    const outcomes: string[] = [];
    let signalled = false;
    // Clients that pause now and then, so their pooled connections sit idle at the signal.
    const client = async () => {
      for (;;) {
        try {
          const res = await fetch(`${base}/v1/search/companies`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ query: 'saas', limit: 1 }),
          });
          await res.arrayBuffer();
          outcomes.push(String(res.status));
        } catch (error) {
          const cause = (error as Error & { cause?: { code?: string } }).cause;
          outcomes.push(cause?.code ?? String(cause ?? error));
          if (cause?.code === 'ECONNREFUSED' || !signalled) return;
        }
        await sleep(Math.random() * 4);
      }
    };
    const clients = Promise.all(Array.from({ length: 12 }, client));
    while (outcomes.length < 100) await sleep(10);
    signalled = true;
    server.kill('SIGTERM');
    const [code] = await once(server, 'exit');
    await clients;
    expect(code).toBe(0);
    const unexpected = outcomes.filter((o) => !['200', '503', 'ECONNREFUSED'].includes(o));
    expect(unexpected).toEqual([]);
    expect(outcomes.filter((o) => o === 'ECONNREFUSED')).toHaveLength(12);
  }, 120_000);
});
