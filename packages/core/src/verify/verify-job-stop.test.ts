import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns, type ZoneEntry } from '../../testing/verify/dns-server.js';
import { type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createJobRunner } from '../jobs/runner.js';
import type { VerifyResult } from './types.js';
import { createVerifier } from './verifier.js';
import { VERIFY_JOB_KIND, verifyJobKind } from './verify-job.js';

// A stop while a large batch is in hand: the runner must not wait for the whole batch (a slow
// server makes that minutes), must keep what was finished, and must free the job at once.
const domains = 12;
const perDomain = 15;
let database: Database;
let smtp: ScriptedSmtp;
let dns: LocalDns;

beforeAll(async () => {
  const zone: Record<string, ZoneEntry> = {};
  zone['verifier.test'] = { a: ['127.0.0.1'] }; // our HELO name and MAIL FROM domain must resolve
  for (let d = 0; d < domains; d++) {
    zone[`d${d}.test`] = { mx: [[10, `mx.d${d}.test`]] };
    zone[`mx.d${d}.test`] = { a: ['127.0.0.1'] };
  }
  // 25 ms a reply: one domain's session takes about half a second.
  [database, smtp, dns] = await Promise.all([
    createTestDatabase(),
    startScriptedSmtp({ delayMs: 25 }),
    startLocalDns(zone),
  ]);
});
afterAll(async () => {
  await Promise.all([smtp?.close(), dns?.close()]);
  await database?.close();
});

const runner = (workerId: string) => {
  const verifier = createVerifier({
    heloName: 'verifier.test',
    mailFrom: 'probe@verifier.test',
    dnsServers: dns.servers,
    smtpPort: smtp.port,
    allowPrivate: ['127.0.0.1'],
    domainConcurrency: 2,
    timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
  });
  const jobs = createJobRunner({ database, workerId, pollMs: 20, leaseMs: 60_000 });
  jobs.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize: 2_000 }));
  return jobs;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping a runner in the middle of a verify batch', () => {
  it('stops at a safe point, keeps what was finished, releases the lease, and another runner finishes exactly once', async () => {
    const emails = Array.from({ length: domains * perDomain }, (_, i) => `u${i}@d${i % domains}.test`);
    const first = runner('first');
    const { job } = await first.jobs.submit({ orgId: 'org_stop', kind: VERIFY_JOB_KIND, items: emails });
    first.start();
    // Let a few domains finish and others be in the middle of their sessions.
    while (smtp.commands.filter((c) => c.startsWith('RCPT')).length < 60) await sleep(10);
    const asked = Date.now();
    await first.stop();
    const stopMs = Date.now() - asked;
    expect(stopMs).toBeLessThan(1_000); // the whole batch would take about 3 s more

    const [row] = await database.query<{ locked_by: string | null; locked_until: unknown; done: number }>(
      sql`select locked_by, locked_until, done from job_runs where id = ${job.id}`,
    );
    expect(row).toMatchObject({ locked_by: null, locked_until: null });
    const doneAtStop = Number(row?.done);
    expect(doneAtStop).toBeGreaterThan(0);
    expect(doneAtStop).toBeLessThan(emails.length);
    const pending = await database.query<{ n: number }>(
      sql`select count(*)::int as n from job_items where job_id = ${job.id} and status = 'pending' and attempts = 0`,
    );
    expect(Number(pending[0]?.n)).toBe(emails.length - doneAtStop);

    const second = runner('second');
    await second.runUntilIdle(); // claims at once: no lease to wait out
    const finished = await second.jobs.get('org_stop', job.id);
    expect(finished).toMatchObject({ status: 'succeeded', done: emails.length });
    const page = await second.jobs.results(job.id, { limit: 1_000 });
    const answered = page.items.map((i) => (i.result as VerifyResult).email);
    expect(answered).toEqual(emails); // each address answered once, in order
    expect(page.items.every((i) => (i.result as VerifyResult).status === 'risky')).toBe(true); // accept-all server
  });
});
