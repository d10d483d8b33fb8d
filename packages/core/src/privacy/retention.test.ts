import { type Database, jobItems, jobRuns, organizations, sourceRecords, sources } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRetention, setRetention, sweepRetention } from './retention.js';

const DAY = 86_400_000;

describe('retention sweep', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(organizations).values({ id: 'org_ret', name: 'Ret', slug: 'ret' });
  }, 600_000);
  afterAll(async () => database?.close());

  const total = async (table: typeof sourceRecords | typeof jobRuns | typeof jobItems) =>
    Number((await database.db.select({ n: count() }).from(table))[0]?.n);

  it('keeps everything until set, then deletes only what is older than the setting, and is safe to rerun', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const old = new Date(now.getTime() - 40 * DAY);
    const recent = new Date(now.getTime() - 5 * DAY);
    await database.db.insert(sources).values({ id: 'src_ret', name: 'ret' });
    await database.db.insert(sourceRecords).values([
      { id: 'rec_old', sourceId: 'src_ret', kind: 'people', hash: 'a', payload: {}, createdAt: old },
      { id: 'rec_new', sourceId: 'src_ret', kind: 'people', hash: 'b', payload: {}, createdAt: recent },
    ]);
    await database.db.insert(jobRuns).values([
      { id: 'job_old', orgId: 'org_ret', kind: 'audience', status: 'succeeded', finishedAt: old },
      { id: 'job_new', orgId: 'org_ret', kind: 'verify', status: 'succeeded', finishedAt: recent },
      { id: 'job_running', orgId: 'org_ret', kind: 'verify', status: 'running', createdAt: old },
    ]);
    await database.db.insert(jobItems).values([
      { jobId: 'job_old', seq: 0, input: { hashed: [] } },
      { jobId: 'job_new', seq: 0, input: 'x@y.example' },
    ]);

    expect(await sweepRetention(database.db, now)).toEqual({ source_records: 0, jobs: 0 });
    const actor = { orgId: 'org_ret' };
    await setRetention(database.db, { source_record_days: 30, job_output_days: 30 }, actor);
    expect(await sweepRetention(database.db, now)).toEqual({ source_records: 1, jobs: 1 });
    expect(await total(sourceRecords)).toBe(1);
    expect(await total(jobRuns)).toBe(2);
    expect(await total(jobItems)).toBe(1);
    expect(await sweepRetention(database.db, now)).toEqual({ source_records: 0, jobs: 0 });
    expect(await getRetention(database.db)).toMatchObject({
      source_record_days: 30,
      job_output_days: 30,
      last_sweep_at: now.toISOString(),
    });
    // Leaving a field out keeps it; null keeps data until erased.
    await setRetention(database.db, { job_output_days: null }, actor);
    expect(await getRetention(database.db)).toMatchObject({ source_record_days: 30, job_output_days: null });
    await expect(setRetention(database.db, { source_record_days: 0 }, actor)).rejects.toMatchObject({
      issues: [{ path: 'source_record_days' }],
    });
  });
});
