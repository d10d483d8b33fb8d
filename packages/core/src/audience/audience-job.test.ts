import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../context.js';
import { isDossierError } from '../errors.js';
import { createJobRunner, type JobRunner } from '../jobs/runner.js';
import { runOperation } from '../run-operation.js';
import {
  AUDIENCE_JOB_KIND,
  type AudienceItemResult,
  type AudienceJobItem,
  audienceJobKind,
} from './audience-job.js';
import { buildAudienceOperation } from './build-audience.js';
import { csvWriter } from './csv.js';
import { getAudienceJobOperation } from './get-audience-job.js';
import { getAudienceJobCsvOperation } from './get-audience-job-csv.js';
import { hashContact } from './hash-contact.js';
import { MAX_SYNC_CONTACTS } from './limits.js';

let database: Database;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A context for a fresh organization, optionally with a runner's jobs. */
const contextFor = (orgId: string, runner?: JobRunner) => ({
  db: database,
  caller: { orgId, projectId: 'prj_t', keyId: 'key_t', scopes: new Set(['audience' as const]) },
  requestId: 'req_t',
  log: silentLogger,
  now: () => new Date(),
  ...(runner ? { jobs: runner.jobs } : {}),
});

type Ctx = ReturnType<typeof contextFor>;
interface Page {
  job: { id: string; status: string; total: number; done: number; summary: Record<string, unknown> | null };
  results: { index: number; person_id?: string; identifiers: Record<string, unknown> }[];
  next_cursor: string | null;
}
interface Queued {
  job: { id: string; status: string; total: number };
  poll: { url: string; upload_csv: string; tool: string };
}

const build = (ctx: Ctx, body: Record<string, unknown>) => runOperation(buildAudienceOperation, ctx, body);
const page = (ctx: Ctx, body: Record<string, unknown>) =>
  runOperation(getAudienceJobOperation, ctx, body) as Promise<Page>;

/** Every result of a job so far, page by page (a running job's cursor waits at the end instead of ending). */
const allResults = async (ctx: Ctx, jobId: string, limit = 1_000) => {
  const results: Page['results'] = [];
  let cursor: string | undefined;
  for (;;) {
    const p = await page(ctx, { job_id: jobId, limit, ...(cursor ? { cursor } : {}) });
    results.push(...p.results);
    if (!p.next_cursor || !p.results.length) return results;
    cursor = p.next_cursor;
  }
};

const contacts = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    email: ` Person.${i}.${tag}@Example.com `,
    phone: `+1 415 555 ${String(i % 10_000).padStart(4, '0')}`,
    first_name: 'Zoë',
    ...(i % 7 === 0 ? { email: 'not an email' } : {}),
  }));

/** Inserts `n` people in one city, each with an email and a mobile, in a few statements. */
const seedPeople = async (n: number, city: string) => {
  await database.query(sql`
    insert into people (id, full_name, first_name, last_name, city, country)
    select 'per_' || ${city} || '_' || g, 'Ana Person' || g, 'Ana', 'Person' || g, ${city}, 'DE'
    from generate_series(1, ${n}) as g`);
  await database.query(sql`
    insert into person_emails (person_id, email, type, status)
    select id, lower(id) || '@stored.example', 'work', 'verified' from people where city = ${city}`);
  await database.query(sql`
    insert into person_phones (person_id, e164, type)
    select id, '+4930' || lpad(substr(id, length(id) - 5), 7, '0'), 'mobile' from people where city = ${city}`);
};

describe('audience jobs', () => {
  it('answers up to the sync limit at once and queues a longer list, storing only hashed output', async () => {
    const runner = createJobRunner({ database, workerId: 'a' });
    runner.registerJobKind(AUDIENCE_JOB_KIND, audienceJobKind());
    const ctx = contextFor(`org_a_${unique()}`, runner);
    const tag = unique();
    const list = contacts(MAX_SYNC_CONTACTS + 1, tag);
    const now = (await build(ctx, { network: 'meta', contacts: list.slice(0, MAX_SYNC_CONTACTS) })) as {
      results: unknown[];
    };
    expect(now.results).toHaveLength(MAX_SYNC_CONTACTS);

    const queued = (await build(ctx, { network: 'meta', contacts: list })) as Queued;
    expect(queued.job).toMatchObject({ status: 'queued', total: MAX_SYNC_CONTACTS + 1 });
    expect(queued.poll).toEqual({
      url: `/v1/audience/${queued.job.id}`,
      upload_csv: `/v1/audience/${queued.job.id}/upload.csv`,
      tool: 'get_audience_job',
    });
    // No raw email, phone or name is in the job's rows; the hashes are.
    const stored = await database.query<{ text: string }>(sql`
      select coalesce(string_agg(i.input::text || coalesce(i.result::text, ''), ''), '') || max(r.input::text) as text
      from job_items i join job_runs r on r.id = i.job_id where i.job_id = ${queued.job.id}`);
    const text = stored[0]?.text ?? '';
    expect(text).not.toMatch(new RegExp(`person\\.1\\.${tag}`, 'i'));
    expect(text).not.toContain('555 0001');
    expect(text).not.toMatch(/zo[eë]/i);
    expect(text).toContain(String(hashContact('meta', list[1] as never).identifiers.em));

    await runner.runUntilIdle();
    const results = await allResults(ctx, queued.job.id, 700);
    expect(results.map((r) => r.index)).toEqual(list.map((_, i) => i));
    expect(results[1]?.identifiers).toEqual(hashContact('meta', list[1] as never).identifiers);
    const finished = await page(ctx, { job_id: queued.job.id, limit: 1 });
    expect(finished.job).toMatchObject({ status: 'succeeded', done: MAX_SYNC_CONTACTS + 1 });
    expect(finished.job.summary).toMatchObject({
      contacts: MAX_SYNC_CONTACTS + 1,
      usable: MAX_SYNC_CONTACTS + 1,
      rejected: { email: Math.ceil((MAX_SYNC_CONTACTS + 1) / 7) },
    });

    const csv = (await runOperation(getAudienceJobCsvOperation, ctx, { job_id: queued.job.id })) as {
      csv: string[];
      rows: number;
    };
    const lines = csv.csv.join('').trimEnd().split('\n');
    expect(lines[0]).toBe(csvWriter('meta').header);
    expect(csv.rows).toBe(MAX_SYNC_CONTACTS + 1);
    expect(lines).toHaveLength(MAX_SYNC_CONTACTS + 2);
  }, 120_000);

  it('returns the same job for the same idempotency key, and keeps jobs per organization', async () => {
    const ctx = contextFor(`org_b_${unique()}`);
    const body = { network: 'google', contacts: contacts(5, 'b'), as_job: true, idempotency_key: 'list-1' };
    const first = (await build(ctx, body)) as Queued;
    const again = (await build(ctx, { ...body, contacts: contacts(9, 'b') })) as Queued;
    expect(again.job).toMatchObject({ id: first.job.id, total: 5 });
    const other = (await build(contextFor(`org_c_${unique()}`), body)) as Queued;
    expect(other.job.id).not.toBe(first.job.id);
    const missing = await page(contextFor(`org_c_${unique()}`), { job_id: first.job.id }).catch((e) => e);
    expect(isDossierError(missing) && missing.code).toBe('not_found');
    // The upload file waits for the job.
    const early = await runOperation(getAudienceJobCsvOperation, ctx, { job_id: first.job.id }).catch(
      (e) => e,
    );
    expect(isDossierError(early) && early.code).toBe('conflict');
  });

  it('resumes after a restart: a second runner finishes, every contact listed once', async () => {
    const orgId = `org_d_${unique()}`;
    const ctx = contextFor(orgId);
    const city = `resume${unique()}`;
    await seedPeople(2_500, city);
    const list = contacts(3_000, 'd');
    const queued = (await build(ctx, {
      network: 'uid2',
      contacts: list,
      search: { filters: { city: [city] } },
      as_job: true,
    })) as Queued;
    expect(queued.job.total).toBe(5_500); // 3 hashed items, 3 items of person ids

    const first = createJobRunner({ database, workerId: 'first', pollMs: 20 });
    const kind = audienceJobKind({ chunkSize: 1 });
    let batches = 0;
    let stopped: Promise<void> | undefined;
    first.registerJobKind<AudienceJobItem, AudienceItemResult>(AUDIENCE_JOB_KIND, {
      ...kind,
      async processItems(jobCtx, items) {
        const out = await kind.processItems(jobCtx, items);
        if (jobCtx.job.id === queued.job.id && ++batches === 4) stopped = first.stop(); // stopped with the fourth item (the first ids) in hand
        return out;
      },
    });
    first.start();
    for (const started = Date.now(); !stopped && Date.now() - started < 60_000; ) await sleep(5);
    expect(stopped).toBeDefined();
    await stopped;
    const midway = await page(ctx, { job_id: queued.job.id, limit: 10 });
    expect(midway.job).toMatchObject({ status: 'running', done: 4_000 });
    expect(midway.next_cursor).toBe('0.10');
    const partial = await allResults(ctx, queued.job.id);
    expect(partial).toHaveLength(4_000);

    const second = createJobRunner({ database, workerId: 'second' });
    second.registerJobKind(AUDIENCE_JOB_KIND, audienceJobKind());
    await second.runUntilIdle();
    const results = await allResults(ctx, queued.job.id, 999);
    expect(results.map((r) => r.index)).toEqual(Array.from({ length: 5_500 }, (_, i) => i));
    const people = results.slice(3_000);
    expect(new Set(people.map((r) => r.person_id)).size).toBe(2_500);
    expect(people.every((r) => typeof r.identifiers.email_hash === 'string')).toBe(true);
    const rows = await database.query<{ n: number; done: number }>(sql`
      select count(*)::int as n, count(*) filter (where status = 'done')::int as done
      from job_items where job_id = ${queued.job.id}`);
    expect(rows[0]).toEqual({ n: 6, done: 6 });
    const finished = await page(ctx, { job_id: queued.job.id, limit: 1 });
    expect(finished.job).toMatchObject({ status: 'succeeded', done: 5_500, total: 5_500 });
  }, 180_000);

  it('hashes the people a search finds: at once up to the limit, as a job above it', async () => {
    const runner = createJobRunner({ database, workerId: 's' });
    runner.registerJobKind(AUDIENCE_JOB_KIND, audienceJobKind());
    const ctx = contextFor(`org_s_${unique()}`, runner);
    const small = `few${unique()}`;
    await seedPeople(30, small);
    const few = (await build(ctx, {
      network: 'google',
      search: { query: 'Person2', filters: { city: [small], country: ['DE'] } },
    })) as { results: Page['results']; summary: { contacts: number } };
    // The sentence ranks (and trims by name similarity) the filtered people: Person2 comes first.
    expect(few.results.length).toBeGreaterThan(0);
    expect(few.results.length).toBeLessThanOrEqual(30);
    expect(few.results[0]?.person_id).toBe(`per_${small}_2`);
    expect(few.results[0]?.identifiers.hashed_email).toBeDefined();
    expect(few.results[0]?.identifiers.hashed_phone_number).toBeDefined();

    const city = `search${unique()}`;
    await seedPeople(MAX_SYNC_CONTACTS + 1, city);
    const many = (await build(ctx, { network: 'meta', search: { filters: { city: [city] } } })) as Queued;
    expect(many.job.total).toBe(MAX_SYNC_CONTACTS + 1);
    await runner.runUntilIdle();
    const results = await allResults(ctx, many.job.id);
    expect(new Set(results.map((r) => r.person_id)).size).toBe(MAX_SYNC_CONTACTS + 1);

    const none = (await build(ctx, {
      network: 'meta',
      search: { filters: { city: ['Nowhere at all'] } },
    })) as {
      results: unknown[];
      summary: { contacts: number };
    };
    expect(none).toMatchObject({ results: [], summary: { contacts: 0 } });
  }, 300_000);

  it('answers 422 naming the field for bad search filters and empty requests', async () => {
    const ctx = contextFor(`org_e_${unique()}`);
    const cases: [Record<string, unknown>, string][] = [
      [{ network: 'meta', search: { filters: { country: ['Germany'] } } }, 'search.filters.country.0'],
      [{ network: 'meta', search: { filters: { shoe_size: 9 } } }, 'search.filters.shoe_size'],
      [{ network: 'meta', search: { limit: 5 } }, 'search.limit'],
      [{ network: 'meta', search: { filters: { seniority: ['wizard'] } } }, 'search.filters.seniority.0'],
      [{ network: 'meta' }, 'contacts'],
      [{ network: 'myspace', contacts: [{ email: 'a@b.example' }] }, 'network'],
    ];
    for (const [body, path] of cases) {
      const error: unknown = await build(ctx, body).catch((e) => e);
      if (!isDossierError(error)) throw new Error(`no error for ${JSON.stringify(body)}`);
      expect(error.code).toBe('invalid_request');
      expect(error.issues?.map((i) => i.path)).toContain(path);
    }
    const cursor = await page(ctx, { job_id: 'job_x', cursor: 'abc' }).catch((e) => e);
    expect(cursor.issues[0].path).toBe('cursor');
  });

  it('lists ids that match nobody in the finished job', async () => {
    const runner = createJobRunner({ database, workerId: 'n' });
    runner.registerJobKind(AUDIENCE_JOB_KIND, audienceJobKind());
    const ctx = contextFor(`org_n_${unique()}`, runner);
    const city = `ids${unique()}`;
    await seedPeople(3, city);
    const ids = [`per_${city}_1`, 'per_nobody', `per_${city}_3`];
    const queued = (await build(ctx, { network: 'tiktok', person_ids: ids, as_job: true })) as Queued;
    await runner.runUntilIdle();
    const done = await page(ctx, { job_id: queued.job.id });
    expect(done.results.map((r) => [r.index, r.person_id])).toEqual([
      [0, ids[0]],
      [2, ids[2]],
    ]);
    expect(done.job).toMatchObject({ status: 'succeeded', not_found: ['per_nobody'] });
    expect(done.next_cursor).toBeNull();
  }, 60_000);
});
