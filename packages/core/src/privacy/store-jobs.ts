import { type Db, jobRuns, sourceRecords } from '@dossier/db';
import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { likeEscape, run, textArray } from '../shared/sql-rows.js';

/**
 * `column` as text holds one of the needles: one `like any` per row. (An `exists` over `unnest` with
 * `strpos` ran a subplan per row and the needle list, about 6 times slower: 3.7 s of a 1,000,000-person
 * erasure with 100,000 job items.)
 */
const anyHolds = (column: string, needles: string[]) =>
  sql`${sql.raw(column)}::text like any(${textArray(needles.map(likeSubstring))}::text[])`;

/** The LIKE pattern matching text that contains `needle` (its `%`, `_` and `\` taken literally). */
export const likeSubstring = (needle: string): string => `%${likeEscape(needle)}%`;

/**
 * The job items that may name a person: those whose `subjects`, in `job_items` or apart in
 * `job_item_subjects` (jobs/store.ts `SUBJECTS_APART`), hold one of `hashes` (the needles' keyed
 * hashes, found by their GIN indexes), and those not indexed yet whose input or result holds one of
 * `needles` as text (only until `indexJobItems` has filled them in). Each indexed match is read by
 * its key (`limit 1`): joined instead, the planner expects ~1,500 matches and reads every item.
 */
const itemsNaming = (hashes: string[], needles: string[]) => sql`
  select i.job_id, i.seq, i.input, i.result from (
    select job_id, seq from job_items where subjects && ${textArray(hashes)}::text[]
    union
    select job_id, seq from job_item_subjects where subjects && ${textArray(hashes)}::text[]) k
  cross join lateral (select job_id, seq, input, result from job_items
    where job_id = k.job_id and seq = k.seq limit 1) i
  union all
  select job_id, seq, input, result from job_items where subjects is null
    and (${anyHolds('input', needles)} or ${anyHolds("coalesce(result, 'null')", needles)})`;

/** Job items that name any of `needles` (`hashes`: their keyed hashes, job-subjects.ts). */
export const jobItemsHolding = (db: Db, needles: string[], hashes: string[]) =>
  run<{ job_id: string; seq: number; input: unknown; result: unknown }>(db, itemsNaming(hashes, needles));

export const deleteJobItem = async (db: Db, jobId: string, seq: number): Promise<void> => {
  await db.execute(sql`delete from job_items where job_id = ${jobId} and seq = ${seq}`);
};

export const rewriteJobItem = async (
  db: Db,
  item: { jobId: string; seq: number; input: unknown; result: unknown; subjects: string[] | null },
): Promise<void> => {
  // The item's subjects are recomputed whole, so its list apart (if any) goes.
  await db.execute(sql`delete from job_item_subjects where job_id = ${item.jobId} and seq = ${item.seq}`);
  await db.execute(
    sql`update job_items set input = ${JSON.stringify(item.input)}::jsonb, result = ${item.result === null ? null : JSON.stringify(item.result)}::jsonb,
      subjects = ${item.subjects === null ? null : textArray(item.subjects)}::text[] where job_id = ${item.jobId} and seq = ${item.seq}`,
  );
};

/**
 * Up to `limit` job items not indexed yet, with their job's kind and input, locked for this transaction
 * (other indexers skip them).
 */
export const unindexedJobItems = (db: Db, limit: number) =>
  run<{ job_id: string; seq: number; input: unknown; result: unknown; kind: string; job_input: unknown }>(
    db,
    sql`select i.job_id, i.seq, i.input, i.result, r.kind, r.input as job_input
      from job_items i join job_runs r on r.id = i.job_id
      where i.subjects is null limit ${limit} for update of i skip locked`,
  );

/** The kind and input of each of these jobs, by id. */
export const jobKinds = async (
  db: Db,
  ids: string[],
): Promise<Map<string, { kind: string; input: unknown }>> => {
  if (ids.length === 0) return new Map();
  const rows = await run<{ id: string; kind: string; input: unknown }>(
    db,
    sql`select id, kind, input from job_runs where id = any(${textArray(ids)}::text[])`,
  );
  return new Map(rows.map((r) => [r.id, { kind: r.kind, input: r.input }]));
};

/** Writes items' subjects, each a space-joined list of hashes. */
export const setJobItemSubjects = async (
  db: Db,
  rows: Array<{ job_id: string; seq: number; subjects: string }>,
): Promise<void> => {
  await db.execute(sql`
    update job_items as i set subjects = string_to_array(v.subjects, ' ')
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(job_id text, seq int, subjects text)
    where i.job_id = v.job_id and i.seq = v.seq`);
};

/** Jobs whose own input or result holds any of `needles`. */
export const jobRunsHolding = (db: Db, needles: string[]) =>
  run<{ id: string; input: unknown; result: unknown }>(
    db,
    sql`select id, input, result from job_runs where ${anyHolds("coalesce(input, 'null')", needles)} or ${anyHolds("coalesce(result, 'null')", needles)}`,
  );

export const rewriteJobRun = async (
  db: Db,
  job: { id: string; input: unknown; result: unknown },
): Promise<void> => {
  await db.execute(
    sql`update job_runs set input = ${job.input === null ? null : JSON.stringify(job.input)}::jsonb, result = ${job.result === null ? null : JSON.stringify(job.result)}::jsonb where id = ${job.id}`,
  );
};

/** Jobs with items that name any of `needles` (`hashes` as above), oldest first, with how many such items. */
export const jobsWithItemsHolding = (db: Db, needles: string[], hashes: string[]) =>
  run<{
    id: string;
    kind: string;
    org_id: string | null;
    status: string;
    created_at: string;
    items: number;
  }>(
    db,
    sql`select r.id, r.kind, r.org_id, r.status, r.created_at, count(*)::int as items
          from (${itemsNaming(hashes, needles)}) i join job_runs r on r.id = i.job_id
          group by r.id order by r.created_at`,
  );

/** Deletes up to `limit` source records received before `before`; returns how many. */
export const deleteSourceRecordsBefore = async (db: Db, before: Date, limit: number): Promise<number> => {
  const ids = (
    await db
      .select({ id: sourceRecords.id })
      .from(sourceRecords)
      .where(lt(sourceRecords.createdAt, before))
      .limit(limit)
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.delete(sourceRecords).where(inArray(sourceRecords.id, ids));
  return ids.length;
};

/** Deletes jobs (their items by cascade) finished before `before`; returns how many. */
export const deleteJobsFinishedBefore = async (db: Db, before: Date): Promise<number> =>
  (
    await db
      .delete(jobRuns)
      .where(and(isNotNull(jobRuns.finishedAt), lt(jobRuns.finishedAt, before)))
      .returning({ id: jobRuns.id })
  ).length;
