import type { ChildProcess } from 'node:child_process';
import { type Database, webhooks } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, startReceiver } from '../../../packages/core/testing/webhook-helpers.js';
import { startCli, waitForOutput } from './run-cli.js';

// Two `dossier serve --role worker` processes on one PostgreSQL database race for the same deliveries:
// every attempt reaches the receiver exactly once (claims skip locked rows), including the retries of
// deliveries whose first attempt failed, and both processes send.
const pgUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const events = 120;

describe.runIf(pgUrl)('webhook delivery from two worker processes sharing PostgreSQL', () => {
  let database: Database;
  let url = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const workers: ChildProcess[] = [];
  const failedOnce = new Set<string>();
  let inFlight = 0;
  let mostInFlight = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ through: (direct) => (url = direct) });
    // Slow answers, so that each process has attempts in flight at once; the first attempt of every
    // fourth delivery fails with a 500 and is retried.
    receiver = await startReceiver(async (got) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await sleep(60);
      inFlight--;
      const id = String(got.headers['webhook-id']);
      const n = Number(JSON.parse(got.body).data.job_id.slice(4));
      if (n % 4 === 0 && !failedOnce.has(id)) {
        failedOnce.add(id);
        return { status: 500, body: 'try again' };
      }
      return { status: 204 };
    });
  }, 600_000);

  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    await receiver?.close();
    await database?.close();
  });

  it('sends each attempt exactly once', async () => {
    const owner = await createOwner(database);
    const sub = await webhooks.createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    const job = webhooks.eventExamples['verify_job.completed'];
    for (let i = 0; i < events; i++)
      await webhooks.emitEvent(database.db, {
        orgId: owner.orgId,
        type: 'verify_job.completed',
        data: { ...job, job_id: `job_${i}` },
      });

    const env = {
      DATABASE_URL: url,
      DOSSIER_SECRET: 'webhooks-fleet-secret-0123456789abcdef012',
      PORT: '0',
      WEBHOOKS_ALLOW_PRIVATE: '127.0.0.1',
      WEBHOOKS_CONCURRENCY: '2',
      WEBHOOKS_TIMEOUT_MS: '10000',
      WEBHOOKS_RETRY_DELAYS_MS: '100,100,100',
    };
    for (let i = 0; i < 2; i++) workers.push(startCli(['serve', '--role', 'worker'], env));
    await Promise.all(workers.map((w) => waitForOutput(w, /"url":"http:/)));

    const pending = async () => {
      const [row] = await database.query<{ n: number }>(
        sql`select count(*)::int as n from webhook_deliveries where status <> 'succeeded'`,
      );
      return row?.n ?? -1;
    };
    for (let i = 0; i < 1_200 && (await pending()) !== 0; i++) await sleep(100);
    expect(await pending()).toBe(0);
    // Anything sent twice would arrive a little after the last answer.
    await sleep(500);

    const deliveries = await database.query<{ id: string; attempts: number }>(
      sql`select id, attempts from webhook_deliveries where subscription_id = ${sub.id}`,
    );
    expect(deliveries).toHaveLength(events);
    const received = new Map<string, number>();
    const wh = new Webhook(sub.secret);
    for (const got of receiver.received) {
      wh.verify(got.body, got.headers as Record<string, string>);
      const id = String(got.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    // Each delivery arrived once, or twice when its first attempt failed, as its attempt count says.
    expect(failedOnce.size).toBe(events / 4);
    for (const d of deliveries) {
      expect(received.get(d.id)).toBe(failedOnce.has(d.id) ? 2 : 1);
      expect(d.attempts).toBe(received.get(d.id));
    }
    const [logged] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from webhook_attempts`,
    );
    expect(logged?.n).toBe(receiver.received.length);
    // More in flight than one process's concurrency (2): both processes were sending.
    expect(mostInFlight).toBeGreaterThan(2);
  }, 600_000);
});
