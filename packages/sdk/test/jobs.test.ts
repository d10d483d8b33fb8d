import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { VerifyJob } from '../src/index.js';
import { client } from './helpers.js';

// Addresses that fail on syntax: the job finishes without any lookup.
const emails = Array.from({ length: 7 }, (_, i) => `not-an-address-${i}`);

describe('verification jobs', () => {
  it('submits, waits with progress, pages the results and downloads the CSV', async () => {
    const dossier = client();
    const queued = await dossier.jobs.submit(emails);
    expect(queued.job.total).toBe(emails.length);
    expect(queued.poll.url).toBe(`/v1/verify/${queued.job.id}`);

    const seen: VerifyJob[] = [];
    const done = await dossier.jobs.wait(queued.job.id, {
      intervalMs: 200,
      timeoutMs: 60_000,
      onProgress: (j) => seen.push(j),
    });
    expect(done.status).toBe('succeeded');
    expect(done.done).toBe(emails.length);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.status).toBe('succeeded');

    const results = [];
    for await (const result of dossier.jobs.results(queued.job.id, { pageSize: 3 })) results.push(result);
    expect(results.map((r) => r.input)).toEqual(emails);

    const page = await dossier.jobs.get(queued.job.id, { limit: 2 });
    expect(page.results).toHaveLength(2);
    expect(page.next_cursor).not.toBeNull();

    const csv = await dossier.jobs.download(queued.job.id);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^input,email,status/);
    expect(lines).toHaveLength(emails.length + 1);
  });

  it('the same idempotency key returns the same job', async () => {
    const dossier = client();
    const idempotencyKey = randomUUID();
    const a = await dossier.jobs.submit(emails, { idempotencyKey });
    const b = await dossier.jobs.submit(emails, { idempotencyKey });
    expect(b.job.id).toBe(a.job.id);
    const c = await dossier.jobs.submit(emails);
    expect(c.job.id).not.toBe(a.job.id);
  });

  it('verify() with more than 100 addresses answers with a job', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `bad-${i}`);
    const out = await client().verify(many);
    expect('job' in out && out.job.total).toBe(101);
  });
});
