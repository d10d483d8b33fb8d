import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVerifyFixture, type VerifyFixture } from '../../testing/verify/verify-fixture.js';
import { createJobRunner } from '../jobs/runner.js';
import { createDatabaseCache } from './store-cache.js';
import type { VerifyResult } from './types.js';
import { createVerifier } from './verifier.js';
import { VERIFY_JOB_KIND, verifyJobKind } from './verify-job.js';

let database: Database;
let fixture: VerifyFixture;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  [database, fixture] = await Promise.all([createTestDatabase(), startVerifyFixture()]);
});
afterAll(async () => {
  await fixture?.close();
  await database?.close();
});

const runnerWith = (workerId: string, chunkSize = 25, now?: () => Date) => {
  const verifier = createVerifier({ ...fixture.config, cache: createDatabaseCache(database) });
  const runner = createJobRunner({ database, workerId, pollMs: 20, now });
  runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize, retryDelayMs: () => 60_000 }));
  return runner;
};

describe('verify jobs', () => {
  it('resume after a restart: every address is checked once and finished once', async () => {
    const emails = Array.from({ length: 120 }, (_, i) => `user${i}@acme.test`);
    const first = runnerWith('first', 10);
    const kind = verifyJobKind({ verifier: createVerifier(fixture.config), chunkSize: 10 });
    let batches = 0;
    let stopped: Promise<void> | undefined;
    first.registerJobKind<string, VerifyResult>(VERIFY_JOB_KIND, {
      ...kind,
      async processItems(ctx, items) {
        const out = await kind.processItems(ctx, items);
        if (++batches === 3) stopped = first.stop(); // a restart with the third batch in hand
        return out;
      },
    });
    const { job } = await first.jobs.submit({ orgId: 'org_resume', kind: VERIFY_JOB_KIND, items: emails });
    first.start();
    while (!stopped) await sleep(5);
    await stopped;
    expect(await first.jobs.get('org_resume', job.id)).toMatchObject({ status: 'running', done: 30 });

    const second = runnerWith('second', 50);
    await second.runUntilIdle();
    const finished = await second.jobs.get('org_resume', job.id);
    expect(finished).toMatchObject({
      status: 'succeeded',
      done: 120,
      result: { counts: { deliverable: 120, undeliverable: 0, risky: 0, unknown: 0 } },
    });
    const asked = fixture.acme.rcpts.filter((r) => /^user\d+@/.test(r));
    expect(asked).toHaveLength(120);
    expect(new Set(asked).size).toBe(120);
    const page = await second.jobs.results(job.id, { limit: 200 });
    expect(page.items.map((i) => (i.result as VerifyResult).email)).toEqual(emails);
  });

  it('retries greylisted addresses later, from the job, until they are answered', async () => {
    let clock = Date.now();
    const runner = runnerWith('grey', 25, () => new Date(clock));
    const emails = ['a@grey.test', 'b@grey.test', 'jane@acme.test'];
    const { job } = await runner.jobs.submit({ orgId: 'org_grey', kind: VERIFY_JOB_KIND, items: emails });
    await runner.runUntilIdle();
    const waiting = await runner.jobs.get('org_grey', job.id);
    expect(waiting).toMatchObject({ status: 'running', done: 1 });
    const [retrying] = (await runner.jobs.results(job.id, { limit: 10 })).items;
    expect(retrying?.seq).toBe(2); // only the finished one is listed
    clock += 61_000;
    await runner.runUntilIdle();
    const finished = await runner.jobs.get('org_grey', job.id);
    expect(finished).toMatchObject({ status: 'succeeded', done: 3 });
    const results = (await runner.jobs.results(job.id, { limit: 10 })).items.map(
      (i) => i.result as VerifyResult,
    );
    expect(results.map((r) => [r.email, r.status])).toEqual([
      ['a@grey.test', 'deliverable'],
      ['b@grey.test', 'deliverable'],
      ['jane@acme.test', 'deliverable'],
    ]);
    expect(fixture.grey.rcpts.filter((r) => r === 'a@grey.test')).toHaveLength(2);
  });
});
