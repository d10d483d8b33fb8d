import {
  createDatabaseCache,
  createJobRunner,
  createVerifier,
  type JobRunner,
  VERIFY_JOB_KIND,
  verifyJobKind,
} from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The loopback DNS and SMTP servers that core's verifier tests use.
import {
  startVerifyFixture,
  type VerifyFixture,
} from '../../../packages/core/testing/verify/verify-fixture.js';
import { createApiApp } from '../src/index.js';
import { createHarness, memoryLog } from './harness.js';

type Harness = Awaited<ReturnType<typeof createHarness>>;
let harness: Harness;
let fixture: VerifyFixture;
let runner: JobRunner;
let app: ReturnType<typeof createApiApp>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  [harness, fixture] = await Promise.all([createHarness(), startVerifyFixture()]);
  const verifier = createVerifier({ ...fixture.config, cache: createDatabaseCache(harness.database) });
  runner = createJobRunner({ database: harness.database, pollMs: 20 });
  runner.registerJobKind(
    VERIFY_JOB_KIND,
    verifyJobKind({ verifier, chunkSize: 40, retryDelayMs: () => 100 }),
  );
  // The harness's database and access layer, with the runner's jobs and the loopback verifier.
  app = createApiApp({
    database: harness.database,
    access: harness.access,
    log: memoryLog().log,
    jobs: runner.jobs,
    verifier,
  });
});
afterAll(async () => {
  await runner?.stop();
  await fixture?.close();
  await harness?.close();
});

const call = (
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

const waitFor = async (key: string, jobId: string) => {
  for (let i = 0; i < 500; i++) {
    const body = (await (await call(key, 'GET', `/v1/verify/${jobId}`)).json()) as {
      job: { status: string };
    };
    if (body.job.status === 'succeeded' || body.job.status === 'failed') return body;
    await sleep(20);
  }
  throw new Error(`job ${jobId} did not finish`);
};

describe('POST /v1/verify', () => {
  it('answers up to 100 addresses at once with credits_used 0', async () => {
    const { key } = await harness.tenant();
    const res = await call(key, 'POST', '/v1/verify', {
      emails: ['jane@acme.test', 'nobody@acme.test', 'x@'],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      results: Array<{ status: string; reason: string }>;
      credits_used: number;
    };
    expect(body.credits_used).toBe(0);
    expect(body.results.map((r) => [r.status, r.reason])).toEqual([
      ['deliverable', 'accepted'],
      ['undeliverable', 'mailbox_not_found'],
      ['undeliverable', 'invalid_syntax'],
    ]);
    const one = await call(key, 'POST', '/v1/verify', { email: 'jane@acme.test' });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ results: [{ email: 'jane@acme.test', status: 'deliverable' }] });
  });

  it('refuses bad shapes and too many addresses with 422 naming the field', async () => {
    const { key } = await harness.tenant();
    const cases: Array<[unknown, string]> = [
      [{}, 'emails'],
      [{ emails: [] }, 'emails'],
      [{ emails: '' }, 'emails'],
      [{ emails: [1] }, 'emails.0'],
      [{ email: 'a@acme.test', emails: ['b@acme.test'] }, 'email'],
      [{ emails: ['a@acme.test'], extra: true }, 'extra'],
      [{ emails: Array(1_000_001).fill('a') }, 'emails'],
      [{ csv: 'email\n\n' }, 'csv'],
    ];
    for (const [body, field] of cases) {
      const res = await call(key, 'POST', '/v1/verify', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const error = (await res.json()) as { issues: Array<{ path: string }> };
      expect(error.issues.map((i) => i.path)).toContain(field);
    }
  });
});

describe('verification jobs', () => {
  const many = Array.from({ length: 150 }, (_, i) => `user${i}@acme.test`);
  const emails = [...many, 'nobody@acme.test', 'first@grey.test'];

  it('queues a long list (202), honours Idempotency-Key, pages results and downloads CSV', async () => {
    const { key } = await harness.tenant();
    const headers = { 'idempotency-key': 'list-42' };
    const res = await call(key, 'POST', '/v1/verify', { emails }, headers);
    expect(res.status).toBe(202);
    const queued = (await res.json()) as { job: { id: string; total: number }; poll: { url: string } };
    expect(queued).toMatchObject({ job: { total: 152 }, credits_used: 0 });
    expect(queued.poll.url).toBe(`/v1/verify/${queued.job.id}`);
    const again = await call(key, 'POST', '/v1/verify', { emails: emails.slice(0, 120) }, headers);
    expect(again.status).toBe(202);
    expect(((await again.json()) as { job: { id: string } }).job.id).toBe(queued.job.id);

    runner.start();
    const done = (await waitFor(key, queued.job.id)) as { job: Record<string, unknown> };
    expect(done.job).toMatchObject({
      status: 'succeeded',
      total: 152,
      done: 152,
      progress: 1,
      counts: { deliverable: 151, undeliverable: 1 }, // the greylisted one was retried
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=100&cursor=${cursor}` : '?limit=100';
      const page = (await (await call(key, 'GET', `/v1/verify/${queued.job.id}${query}`)).json()) as {
        results: Array<{ input: string }>;
        next_cursor: string | null;
      };
      seen.push(...page.results.map((r) => r.input));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(emails);

    const csv = await call(key, 'GET', `/v1/verify/${queued.job.id}/results.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^input,email,status,reason,score/);
    expect(lines).toHaveLength(153);
    expect(lines[151]).toMatch(/^nobody@acme\.test,nobody@acme\.test,undeliverable,mailbox_not_found,/);
  });

  it('accepts a CSV upload as a text/csv body or a csv field', async () => {
    const { key } = await harness.tenant();
    const csv = `name,email\n${many.map((e, i) => `"Person, ${i}",${e}`).join('\n')}\n`;
    const res = await app.request('/v1/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ job: { total: 150 } });
    const short = await call(key, 'POST', '/v1/verify', { csv: 'jane@acme.test\nnobody@acme.test\n' });
    expect(short.status).toBe(200);
    expect(await short.json()).toMatchObject({
      results: [{ status: 'deliverable' }, { status: 'undeliverable' }],
    });
  });

  it("keeps jobs per organization: another tenant's job id is 404", async () => {
    const owner = await harness.tenant();
    const other = await harness.tenant();
    const res = await call(owner.key, 'POST', '/v1/verify', { emails: ['jane@acme.test'], as_job: true });
    expect(res.status).toBe(202);
    const { job } = (await res.json()) as { job: { id: string } };
    expect((await call(other.key, 'GET', `/v1/verify/${job.id}`)).status).toBe(404);
    expect((await call(other.key, 'GET', `/v1/verify/${job.id}/results.csv`)).status).toBe(404);
    expect((await call(owner.key, 'GET', `/v1/verify/${job.id}`)).status).toBe(200);
    // The same idempotency key in another organization is another job.
    const a = await call(owner.key, 'POST', '/v1/verify', { emails: many }, { 'idempotency-key': 'same' });
    const b = await call(other.key, 'POST', '/v1/verify', { emails: many }, { 'idempotency-key': 'same' });
    const ids = await Promise.all(
      [a, b].map(async (r) => ((await r.json()) as { job: { id: string } }).job.id),
    );
    expect(ids[0]).not.toBe(ids[1]);
  });
});
