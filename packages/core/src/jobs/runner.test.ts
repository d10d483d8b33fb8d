import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from './runner.js';
import { claimJob, saveOutcomes } from './store.js';
import type { JobKind } from './types.js';

let database: Database;
const org = (name: string) => `org_${name}_${Math.random().toString(36).slice(2, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Doubles each number and counts how often each item was processed. */
const doubling = (seen: Map<number, number>, delayMs = 0): JobKind<number, number> => ({
  chunkSize: 10,
  async processItems(_ctx, items) {
    if (delayMs) await sleep(delayMs);
    for (const item of items) seen.set(item.seq, (seen.get(item.seq) ?? 0) + 1);
    return items.map((item) => ({ result: item.input * 2 }));
  },
  async finish(ctx) {
    return { total: ctx.job.total };
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('job runner', () => {
  it('processes every item in chunks, counts progress and pages the results', async () => {
    const seen = new Map<number, number>();
    const runner = createJobRunner({ database });
    runner.registerJobKind('double', doubling(seen));
    const orgId = org('a');
    const { job, created } = await runner.jobs.submit({ orgId, kind: 'double', items: numbers(35) });
    expect(created).toBe(true);
    expect(job).toMatchObject({ status: 'queued', total: 35, done: 0 });
    await runner.runUntilIdle();
    const finished = await runner.jobs.get(orgId, job.id);
    expect(finished).toMatchObject({ status: 'succeeded', total: 35, done: 35, result: { total: 35 } });
    expect(finished?.finishedAt).toBeInstanceOf(Date);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const first = await runner.jobs.results(job.id, { limit: 20 });
    expect(first.items.map((i) => i.result)).toEqual(numbers(20).map((n) => n * 2));
    expect(first.next).toBe(19);
    const second = await runner.jobs.results(job.id, { after: first.next ?? undefined, limit: 20 });
    expect(second.items.map((i) => i.seq)).toEqual(numbers(15).map((n) => n + 20));
    expect(second.next).toBeNull();
    // Jobs are per organization.
    expect(await runner.jobs.get(org('other'), job.id)).toBeUndefined();
  });

  it('stores large items in several insert batches, in order', async () => {
    const runner = createJobRunner({ database });
    const orgId = org('large');
    // 12 items of ~1.5 MB: more than one 8 MB batch, far fewer items than the count limit.
    const items = numbers(12).map((n) => `${n}:${'x'.repeat(1_500_000)}`);
    const { job } = await runner.jobs.submit({ orgId, kind: 'echo', items });
    expect(job.total).toBe(12);
    const rows = await database.query<{ seq: number; head: string }>(
      sql`select seq, left(input #>> '{}', 3) as head from job_items where job_id = ${job.id} order by seq`,
    );
    expect(rows.map((r) => r.seq)).toEqual(numbers(12));
    expect(rows.map((r) => r.head.split(':')[0])).toEqual(numbers(12).map(String));
  });

  it('returns the same job for the same idempotency key, per organization', async () => {
    const runner = createJobRunner({ database });
    const orgId = org('b');
    const first = await runner.jobs.submit({ orgId, kind: 'double', items: [1, 2], idempotencyKey: 'k1' });
    const again = await runner.jobs.submit({ orgId, kind: 'double', items: [1, 2, 3], idempotencyKey: 'k1' });
    expect(again).toMatchObject({ created: false, job: { id: first.job.id, total: 2 } });
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => runner.jobs.submit({ orgId, kind: 'double', items: [1], idempotencyKey: 'k2' })),
    );
    expect(new Set(concurrent.map((c) => c.job.id)).size).toBe(1);
    const otherOrg = await runner.jobs.submit({
      orgId: org('c'),
      kind: 'double',
      items: [1],
      idempotencyKey: 'k1',
    });
    expect(otherOrg.job.id).not.toBe(first.job.id);
  });

  it('resumes after a stop: a new runner finishes the job and no item is done twice', async () => {
    const seen = new Map<number, number>();
    const first = createJobRunner({ database, workerId: 'first', pollMs: 20 });
    const slow = doubling(seen, 5);
    let batches = 0;
    let stopped: Promise<void> | undefined;
    first.registerJobKind<number, number>('slow', {
      ...slow,
      async processItems(ctx, items) {
        const out = await slow.processItems(ctx, items);
        // Stop while the third batch is in hand: it is still saved, the rest is left.
        if (++batches === 3) stopped = first.stop();
        return out;
      },
    });
    const orgId = org('d');
    const { job } = await first.jobs.submit({ orgId, kind: 'slow', items: numbers(100) });
    first.start();
    while (!stopped) await sleep(5);
    await stopped;
    const midway = await first.jobs.get(orgId, job.id);
    expect(midway).toMatchObject({ status: 'running', done: 30 });
    expect(seen.size).toBe(30);

    const second = createJobRunner({ database, workerId: 'second' });
    second.registerJobKind('slow', doubling(seen));
    await second.runUntilIdle();
    expect(await second.jobs.get(orgId, job.id)).toMatchObject({ status: 'succeeded', done: 100 });
    expect(seen.size).toBe(100);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('picks up a job whose worker died once its lease expires, keeping finished items', async () => {
    const seen = new Map<number, number>();
    let clock = Date.now();
    const runner = createJobRunner({ database, workerId: 'survivor', now: () => new Date(clock) });
    runner.registerJobKind('orphan', doubling(seen));
    const orgId = org('e');
    const { job } = await runner.jobs.submit({ orgId, kind: 'orphan', items: numbers(30) });
    // A worker claims the job, saves ten items, then vanishes without releasing its lease.
    const claimed = await claimJob(database, {
      kinds: ['orphan'],
      workerId: 'dead',
      leaseMs: 60_000,
      now: new Date(clock),
    });
    expect(claimed?.id).toBe(job.id);
    const items = numbers(10).map((seq) => ({ seq, input: seq, attempts: 0 }));
    await saveOutcomes(database, {
      jobId: job.id,
      workerId: 'dead',
      items,
      outcomes: items.map((i) => ({ result: i.input * 2 })),
      leaseUntil: new Date(clock + 60_000),
    });
    await runner.runUntilIdle();
    expect(seen.size).toBe(0); // the lease still holds
    clock += 61_000;
    await runner.runUntilIdle();
    expect(await runner.jobs.get(orgId, job.id)).toMatchObject({ status: 'succeeded', done: 30 });
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(numbers(20).map((n) => n + 10));
  });

  it('shares jobs among several runners: each item answered once, each job finished once', async () => {
    const seen = new Map<string, number>();
    const finished = new Map<string, number>();
    const kind: JobKind<number, number> = {
      chunkSize: 7,
      async processItems(ctx, items) {
        await sleep(2);
        for (const item of items) {
          const key = `${ctx.job.id}:${item.seq}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        return items.map((item) => ({ result: item.input }));
      },
      async finish(ctx) {
        finished.set(ctx.job.id, (finished.get(ctx.job.id) ?? 0) + 1);
        return null;
      },
    };
    const runners = numbers(4).map((n) => createJobRunner({ database, workerId: `w${n}`, pollMs: 10 }));
    for (const runner of runners) runner.registerJobKind('shared', kind);
    const orgId = org('shared');
    const jobs = [];
    for (const n of numbers(6)) {
      jobs.push((await runners[0]?.jobs.submit({ orgId, kind: 'shared', items: numbers(20 + n) }))?.job);
    }
    for (const runner of runners) runner.start();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const states = await Promise.all(jobs.map((job) => runners[0]?.jobs.get(orgId, job?.id as string)));
      if (states.every((s) => s?.status === 'succeeded')) break;
      await sleep(20);
    }
    await Promise.all(runners.map((runner) => runner.stop()));
    for (const [i, job] of jobs.entries()) {
      expect(await runners[0]?.jobs.get(orgId, job?.id as string)).toMatchObject({
        status: 'succeeded',
        done: 20 + i,
      });
      expect(finished.get(job?.id as string)).toBe(1);
    }
    expect(seen.size).toBe(jobs.reduce((n, job) => n + (job?.total ?? 0), 0));
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('stops a batch whose lease another worker took, saving none of it', async () => {
    let clock = Date.now();
    const slow = createJobRunner({ database, workerId: 'slow', leaseMs: 150, now: () => new Date(clock) });
    let signal: AbortSignal | undefined;
    slow.registerJobKind<number, number>('stolen', {
      chunkSize: 50,
      async processItems(ctx, items) {
        signal = ctx.signal;
        // A batch that outlives its lease (a paused process): it checks the signal between items.
        const out = [];
        for (const item of items) {
          if (ctx.signal.aborted) break;
          await sleep(20);
          out.push({ result: item.input });
        }
        return out;
      },
    });
    const orgId = org('stolen');
    const { job } = await slow.jobs.submit({ orgId, kind: 'stolen', items: numbers(50) });
    const working = slow.runUntilIdle();
    while (!signal) await sleep(5);
    // The lease runs out while the batch works; another worker claims the job.
    clock += 1_000;
    const thief = await claimJob(database, {
      kinds: ['stolen'],
      workerId: 'thief',
      leaseMs: 60_000,
      now: new Date(clock),
    });
    expect(thief?.id).toBe(job.id);
    await working;
    expect(signal.aborted).toBe(true);
    const after = await slow.jobs.get(orgId, job.id);
    expect(after).toMatchObject({ status: 'running', done: 0 });
    const owner = await database.query<{ locked_by: string }>(
      sql`select locked_by from job_runs where id = ${job.id}`,
    );
    expect(owner[0]?.locked_by).toBe('thief');
  });

  it('retries items later when the kind asks, without counting them done', async () => {
    const attempts: number[] = [];
    let clock = Date.now();
    const runner = createJobRunner({ database, now: () => new Date(clock) });
    runner.registerJobKind('flaky', {
      async processItems(ctx, items) {
        return items.map((item) => {
          attempts.push(item.attempts);
          return item.attempts < 2 && (item.input as number) % 2 === 0
            ? { result: 'later', retryAt: new Date(ctx.now().getTime() + 60_000) }
            : { result: 'ok' };
        });
      },
    });
    const orgId = org('f');
    const { job } = await runner.jobs.submit({ orgId, kind: 'flaky', items: numbers(6) });
    await runner.runUntilIdle();
    expect(await runner.jobs.get(orgId, job.id)).toMatchObject({ status: 'running', done: 3 });
    clock += 30_000;
    await runner.runUntilIdle(); // nothing due yet
    expect(attempts).toHaveLength(6);
    clock += 31_000;
    await runner.runUntilIdle();
    expect(attempts).toHaveLength(9);
    expect((await runner.jobs.get(orgId, job.id))?.done).toBe(3);
    clock += 61_000;
    await runner.runUntilIdle();
    expect(await runner.jobs.get(orgId, job.id)).toMatchObject({ status: 'succeeded', done: 6 });
    expect(attempts.filter((a) => a === 2)).toHaveLength(3);
    const page = await runner.jobs.results(job.id, { limit: 10 });
    expect(page.items.map((i) => i.result)).toEqual(Array(6).fill('ok'));
  });

  it('marks a job failed after repeated batch failures', async () => {
    const runner = createJobRunner({ database, maxAttempts: 2, failureBackoffMs: 0 });
    runner.registerJobKind('broken', {
      async processItems() {
        throw new Error('upstream down');
      },
    });
    const orgId = org('g');
    const { job } = await runner.jobs.submit({ orgId, kind: 'broken', items: [1] });
    await runner.runUntilIdle();
    await sleep(5);
    await runner.runUntilIdle();
    expect(await runner.jobs.get(orgId, job.id)).toMatchObject({ status: 'failed', error: 'upstream down' });
  });
});
