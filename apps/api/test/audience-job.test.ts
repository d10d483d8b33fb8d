import { audience, createJobRunner, type JobRunner } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../src/index.js';
import { createHarness, memoryLog } from './harness.js';

let harness: Awaited<ReturnType<typeof createHarness>>;
let runner: JobRunner;
let app: ReturnType<typeof createApiApp>;
let key = '';

beforeAll(async () => {
  harness = await createHarness();
  runner = createJobRunner({ database: harness.database, pollMs: 20 });
  runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
  app = createApiApp({
    database: harness.database,
    access: harness.access,
    log: memoryLog().log,
    jobs: runner.jobs,
  });
  key = (await harness.tenant()).key;
});
afterAll(async () => {
  await runner?.stop();
  await harness?.close();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const contacts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    email: `Someone.${i}@Example.com`,
    phone: `+1 415 555 ${String(i % 10_000).padStart(4, '0')}`,
  }));

describe('audience jobs over REST', () => {
  it('answers 202 with a job above the sync limit, honours Idempotency-Key, pages and downloads the upload file', async () => {
    const list = contacts(audience.MAX_SYNC_CONTACTS + 1);
    const res = await call(
      'POST',
      '/v1/audience',
      { network: 'meta', contacts: list },
      { 'idempotency-key': 'rest-1' },
    );
    expect(res.status).toBe(202);
    const queued = await res.json();
    expect(queued.poll.tool).toBe('get_audience_job');
    const again = await call(
      'POST',
      '/v1/audience',
      { network: 'meta', contacts: list },
      { 'idempotency-key': 'rest-1' },
    );
    expect(again.status).toBe(202);
    expect((await again.json()).job.id).toBe(queued.job.id);

    await runner.runUntilIdle();
    const status = await call('GET', `${queued.poll.url}?limit=2`);
    expect(status.status).toBe(200);
    const page = await status.json();
    expect(page.job).toMatchObject({
      status: 'succeeded',
      total: list.length,
      done: list.length,
      progress: 1,
    });
    expect(page.job.summary).toMatchObject({ contacts: list.length, usable: list.length });
    expect(page.results.map((r: { index: number }) => r.index)).toEqual([0, 1]);
    expect(page.next_cursor).toBe('0.2');

    const csv = await call('GET', queued.poll.upload_csv);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\n');
    expect(lines[0]).toBe(audience.csvWriter('meta').header);
    expect(lines).toHaveLength(list.length + 1);
    expect(lines[1]).toContain(page.results[0].identifiers.em);
  }, 120_000);

  it('answers 200 below the limit and 422 naming the field for bad search filters', async () => {
    const small = await call('POST', '/v1/audience', { network: 'google', contacts: contacts(3) });
    expect(small.status).toBe(200);
    expect((await small.json()).results).toHaveLength(3);
    const bad = await call('POST', '/v1/audience', {
      network: 'meta',
      search: { filters: { country: ['Germany'] } },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).issues[0].path).toBe('search.filters.country.0');
    const missing = await call('GET', '/v1/audience/job_nope');
    expect(missing.status).toBe(404);
  });
});
