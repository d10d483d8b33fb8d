import { type Database, jobItems, jobRuns } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../shared/sql-rows.js';
import { scrubJobs } from './job-scrub.js';
import { likeSubstring } from './store-jobs.js';

const sqlSeqs = sql`select seq from job_items where job_id = 'job_scrub' order by seq`;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(jobRuns).values({ id: 'job_scrub', kind: 'verify', status: 'succeeded' });
  // `_` and `%` in an address are themselves, not LIKE wildcards: only seq 0 names the person.
  await database.db.insert(jobItems).values([
    { jobId: 'job_scrub', seq: 0, input: 'first_last%@acme.example', result: { status: 'valid' } },
    { jobId: 'job_scrub', seq: 1, input: 'firstXlastY@acme.example', result: { status: 'valid' } },
  ]);
});
afterAll(() => database?.close());

describe('scrubJobs', () => {
  it('takes needles literally: no wildcard in an address matches another', async () => {
    expect(likeSubstring('a_b%c\\d')).toBe('%a\\_b\\%c\\\\d%');
    expect(await scrubJobs(database.db, ['first_last%@acme.example'])).toEqual({ items: 1, jobs: 0 });
    const left = await run<{ seq: number }>(database.db, sqlSeqs);
    expect(left.map((r) => r.seq)).toEqual([1]);
  });
});
