import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, loopback, startReceiver } from '../../testing/webhook-helpers.js';
import { listDeliveries, replayDelivery } from './deliveries.js';
import { emitEvent } from './emit.js';
import { eventExamples } from './events.js';
import { createSubscription, getSubscription, rotateSecret } from './subscriptions.js';
import { createWebhookWorker } from './worker.js';

let database: Database;
// The first file after a schema change migrates a template database: minutes on a busy machine.
beforeAll(async () => {
  database = await createTestDatabase();
}, 600_000);
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const job = eventExamples['verify_job.completed'];
const emitJob = (orgId: string, n = 1) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      emitEvent(database.db, { orgId, type: 'verify_job.completed', data: { ...job, job_id: `job_${i}` } }),
    ),
  );
// Generous timeouts: on a loaded machine a short one makes extra attempts, right but not what most tests check.
const worker = (extra: Partial<Parameters<typeof createWebhookWorker>[0]> = {}) =>
  createWebhookWorker({
    database,
    allowPrivate: loopback,
    retryDelaysMs: [0, 0, 0],
    timeoutMs: 15_000,
    ...extra,
  });

describe('webhook delivery', () => {
  it('signs each delivery so the standardwebhooks package verifies it, with one webhook-id per delivery', async () => {
    const receiver = await startReceiver();
    const owner = await createOwner(database);
    const sub = await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner.orgId, 3);
    await worker().runUntilIdle();
    expect(receiver.received).toHaveLength(3);
    const wh = new Webhook(sub.secret);
    const ids = new Set<string>();
    for (const got of receiver.received) {
      const payload = wh.verify(got.body, got.headers as Record<string, string>) as {
        type: string;
        data: unknown;
      };
      expect(payload.type).toBe('verify_job.completed');
      ids.add(String(got.headers['webhook-id']));
    }
    expect(ids.size).toBe(3);
    // A wrong secret does not verify.
    const other = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    const first = receiver.received[0];
    expect(() => first && other.verify(first.body, first.headers as Record<string, string>)).toThrow();
    await receiver.close();
  });

  it('only sends the event types and filters a subscription asked for, and only to its organization', async () => {
    const receiver = await startReceiver();
    const owner = await createOwner(database);
    const stranger = await createOwner(database);
    await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['intent.surge'],
      filterTopics: ['crm'],
      minScore: 70,
    });
    await emitJob(owner.orgId); // not subscribed
    await emitJob(stranger.orgId);
    const surge = (topic: string, score: number) =>
      emitEvent(database.db, {
        orgId: null,
        type: 'intent.surge',
        data: { domain: 'a.example', topic, score, previous_score: 50, week: '2026-W47' },
      });
    expect((await surge('crm', 80)).deliveries).toBeGreaterThanOrEqual(1);
    expect((await surge('crm', 60)).deliveries).toBe(0);
    await surge('erp', 90);
    await worker().runUntilIdle();
    expect(receiver.received.map((r) => JSON.parse(r.body).data)).toEqual([
      { domain: 'a.example', topic: 'crm', score: 80, previous_score: 50, week: '2026-W47' },
    ]);
    await receiver.close();
  });

  it('retries after 500s and timeouts, logging every attempt, until the receiver answers 2xx', async () => {
    const receiver = await startReceiver(async (_req, n) => {
      if (n === 1) return { status: 500, body: 'boom' };
      if (n === 2) {
        await sleep(4_000); // beyond the worker's 1.5 s timeout
        return { status: 200 };
      }
      return { status: 200, body: 'ok' };
    });
    const owner = await createOwner(database);
    const sub = await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner.orgId);
    let failedAttempts = 0;
    await worker({ timeoutMs: 1_500, onAttemptFailed: () => failedAttempts++ }).runUntilIdle();
    const { deliveries } = await listDeliveries(database, sub.id, { limit: 10 });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status: 200 });
    // The 500 and the timeout, as the metrics count them.
    expect(failedAttempts).toBe(2);
    expect(delivery?.attempt_log.map((a) => a.status)).toEqual([500, null, 200]);
    expect(delivery?.attempt_log[0]?.response_excerpt).toBe('boom');
    expect(delivery?.attempt_log[1]?.error).toMatch(/timed out/);
    // Every attempt carried the same webhook-id.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await receiver.close();
  });

  it('parks a delivery as failed after the last retry, and a replay sends it again with the same id', async () => {
    let up = false;
    const receiver = await startReceiver(() => ({ status: up ? 200 : 503 }));
    const owner = await createOwner(database);
    const sub = await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner.orgId);
    await worker().runUntilIdle();
    let page = await listDeliveries(database, sub.id, { status: 'failed', limit: 10 });
    expect(page.deliveries).toHaveLength(1);
    expect(page.deliveries[0]?.attempts).toBe(4);
    up = true;
    const id = page.deliveries[0]?.id as string;
    await replayDelivery(database, sub.id, id, new Date());
    await expect(replayDelivery(database, sub.id, id, new Date())).rejects.toThrow(/still pending/);
    await worker().runUntilIdle();
    page = await listDeliveries(database, sub.id, { limit: 10 });
    expect(page.deliveries[0]).toMatchObject({ id, status: 'succeeded', attempts: 5 });
    expect(receiver.received.every((r) => r.headers['webhook-id'] === id)).toBe(true);
    await receiver.close();
  });

  it('a receiver down for a while gets every event when it comes back', async () => {
    const owner = await createOwner(database);
    // Nothing listens on this port yet.
    const probe = await startReceiver();
    const { port } = probe;
    await probe.close();
    const sub = await createSubscription(database, owner, {
      url: `http://127.0.0.1:${port}/hook`,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner.orgId, 8);
    const { createServer } = await import('node:http');
    const got: string[] = [];
    const server = createServer((req, res) => {
      got.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    const w = worker({ retryDelaysMs: Array(100).fill(100), pollMs: 20 });
    w.start();
    try {
      // Down until every delivery has failed at least twice.
      const failedTwice = async () => {
        const [row] = await database.query<{ n: number }>(
          sql`select count(*)::int as n from webhook_deliveries where subscription_id = ${sub.id} and attempts >= 2`,
        );
        return row?.n === 8;
      };
      for (let i = 0; i < 1_200 && !(await failedTwice()); i++) await sleep(50);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      for (let i = 0; i < 2_400 && new Set(got).size < 8; i++) await sleep(25);
    } finally {
      await w.stop();
      server.close();
    }
    expect(new Set(got).size).toBe(8);
    const page = await listDeliveries(database, sub.id, { limit: 50 });
    expect(page.deliveries.map((d) => d.status)).toEqual(Array(8).fill('succeeded'));
    expect(page.deliveries.every((d) => d.attempts > 2)).toBe(true);
  }, 180_000);

  it('410 Gone disables the subscription; its other deliveries wait until it is turned back on', async () => {
    const receiver = await startReceiver(() => ({ status: 410 }));
    const owner = await createOwner(database);
    const sub = await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner.orgId, 3);
    await worker({ concurrency: 1 }).runUntilIdle();
    expect(receiver.received).toHaveLength(1);
    const after = await getSubscription(database, owner, sub.id);
    expect(after).toMatchObject({ enabled: false, disabledReason: 'the endpoint answered 410 Gone' });
    const page = await listDeliveries(database, sub.id, { limit: 10 });
    expect(page.deliveries.map((d) => d.status).sort()).toEqual(['failed', 'pending', 'pending']);
    await receiver.close();
  });

  it('does not follow redirects and refuses private addresses without the operator setting', async () => {
    const receiver = await startReceiver(() => ({ status: 302 }));
    const owner = await createOwner(database);
    const redirected = await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner.orgId);
    await worker({ retryDelaysMs: [] }).runUntilIdle();
    const one = await listDeliveries(database, redirected.id, { limit: 1 });
    expect(one.deliveries[0]).toMatchObject({ status: 'failed', last_status: 302 });
    expect(one.deliveries[0]?.last_error).toMatch(/redirects are not followed/);

    const owner2 = await createOwner(database);
    const guarded = await createSubscription(database, owner2, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    await emitJob(owner2.orgId);
    await createWebhookWorker({ database, retryDelaysMs: [] }).runUntilIdle();
    const two = await listDeliveries(database, guarded.id, { limit: 1 });
    expect(two.deliveries[0]).toMatchObject({ status: 'failed', last_status: null });
    expect(two.deliveries[0]?.last_error).toMatch(/non-public address/);
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });

  it('signs with both secrets during a rotation grace, then with the new one alone', async () => {
    const receiver = await startReceiver();
    const owner = await createOwner(database);
    const sub = await createSubscription(database, owner, {
      url: receiver.url,
      eventTypes: ['verify_job.completed'],
    });
    const rotated = await rotateSecret(database, owner, sub.id, 3600, new Date());
    await emitJob(owner.orgId);
    await worker().runUntilIdle();
    const got = receiver.received[0];
    if (!got) throw new Error('nothing received');
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() =>
      new Webhook(sub.secret).verify(got.body, got.headers as Record<string, string>),
    ).not.toThrow();
    expect(() =>
      new Webhook(rotated.secret).verify(got.body, got.headers as Record<string, string>),
    ).not.toThrow();
    await rotateSecret(database, owner, sub.id, 0, new Date());
    await emitJob(owner.orgId);
    await worker().runUntilIdle();
    expect(String(receiver.received[1]?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    await receiver.close();
  });

  it('two workers on one database send each attempt once', async () => {
    const receiver = await startReceiver(async () => {
      await sleep(5);
      return { status: 200 };
    });
    const owner = await createOwner(database);
    await createSubscription(database, owner, { url: receiver.url, eventTypes: ['verify_job.completed'] });
    await emitJob(owner.orgId, 60);
    // A generous timeout: an attempt that times out is rightly sent again, which is not what this tests.
    const two = () => worker({ concurrency: 8, timeoutMs: 20_000 });
    await Promise.all([two().runUntilIdle(), two().runUntilIdle()]);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const [row] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.org_id = ${owner.orgId}`,
    );
    expect(row?.n).toBe(60);
    await receiver.close();
  });
});
