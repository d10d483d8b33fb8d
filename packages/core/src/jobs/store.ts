import { type Database, jobItems, jobRuns, newId } from '@dossier/db';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { jobItemSubjects, subjectsAdded } from '../privacy/job-subjects.js';
import { rowsOf, textArray } from '../shared/sql-rows.js';
import { emitEvent } from '../webhooks/emit.js';
import type { ItemOutcome, ItemPage, JobItem, JobRun, Jobs, SubmitJob } from './types.js';

const INSERT_BATCH = 10_000;
const INSERT_BYTES = 8 * 1024 * 1024;
/**
 * An item with more subjects keeps them in `job_item_subjects`, written once: its row in `job_items`
 * is updated when its result is saved, and each update inserts all of the row's GIN entries again
 * (about 4.5 us each), while a row apart costs about 20 us more to write (its key and foreign key).
 */
const SUBJECTS_APART = 32;

type Row = typeof jobRuns.$inferSelect;
const toJob = (row: Row): JobRun => ({
  id: row.id,
  orgId: row.orgId,
  kind: row.kind,
  status: row.status,
  input: row.input ?? null,
  total: row.total,
  done: row.done,
  result: row.result ?? null,
  error: row.error,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
});

export const loadJob = async (database: Database, id: string): Promise<JobRun | undefined> => {
  const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.id, id));
  return row ? toJob(row) : undefined;
};

const findByKey = async (database: Database, orgId: string, kind: string, key: string) => {
  const [row] = await database.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.orgId, orgId), eq(jobRuns.kind, kind), eq(jobRuns.idempotencyKey, key)));
  return row ? toJob(row) : undefined;
};

/** Stores a job and its items in one transaction; with an idempotency key, an earlier job wins. */
export const submitJob = async (
  database: Database,
  request: SubmitJob,
): Promise<{ job: JobRun; created: boolean }> => {
  const key = request.idempotencyKey;
  if (key) {
    const existing = await findByKey(database, request.orgId, request.kind, key);
    if (existing) return { job: existing, created: false };
  }
  const id = newId('job');
  const inserted = await database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(jobRuns)
      .values({
        id,
        orgId: request.orgId,
        kind: request.kind,
        status: 'queued',
        idempotencyKey: key ?? null,
        input: request.input ?? null,
        total: request.items.length,
      })
      .onConflictDoNothing()
      .returning({ id: jobRuns.id });
    // A concurrent submission with the same key committed first.
    if (!rows.length) return false;
    // One JSON array parameter per batch: far cheaper than a parameter per row. Batches close at
    // INSERT_BATCH items or INSERT_BYTES of JSON, whichever comes first (audience items are large).
    // Each item's subjects (privacy/job-subjects.ts) travel as one space-joined text per item, in a
    // text[] zipped with the items (`rows from`: subscripting a text[] walks it, quadratic per batch).
    // Items naming more than SUBJECTS_APART people keep their subjects in `job_item_subjects`.
    let start = 0;
    let pieces: string[] = [];
    let subjects: (string | null)[] = [];
    let apart: { seq: number; subjects: string }[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!pieces.length) return;
      const batch = `[${pieces.join(',')}]`;
      await tx.execute(sql`
        insert into job_items (job_id, seq, input, subjects)
        select ${id}, ${start}::int + (e.n - 1)::int, e.value, string_to_array(e.subjects, ' ')
        from rows from (jsonb_array_elements(${batch}::jsonb), unnest(${textArray(subjects)}::text[]))
          with ordinality as e(value, subjects, n)`);
      if (apart.length)
        await tx.execute(sql`
          insert into job_item_subjects (job_id, seq, subjects)
          select ${id}, v.seq, string_to_array(v.subjects, ' ')
          from jsonb_to_recordset(${JSON.stringify(apart)}::jsonb) as v(seq int, subjects text)`);
      start += pieces.length;
      pieces = [];
      subjects = [];
      apart = [];
      bytes = 0;
    };
    const of = { kind: request.kind, input: request.input ?? null };
    for (const item of request.items) {
      const piece = JSON.stringify(item);
      const hashes = jobItemSubjects(of, item, null);
      if (hashes && hashes.length > SUBJECTS_APART) {
        apart.push({ seq: start + pieces.length, subjects: hashes.join(' ') });
        subjects.push('');
      } else subjects.push(joinSubjects(hashes));
      pieces.push(piece);
      bytes += piece.length;
      if (pieces.length >= INSERT_BATCH || bytes >= INSERT_BYTES) await flush();
    }
    await flush();
    return true;
  });
  if (!inserted && key) {
    const existing = await findByKey(database, request.orgId, request.kind, key);
    if (existing) return { job: existing, created: false };
  }
  const job = await loadJob(database, id);
  if (!job) throw new Error(`job ${id} vanished after insert`);
  return { job, created: true };
};

const joinSubjects = (hashes: string[] | null): string | null => (hashes ? hashes.join(' ') : null);

/**
 * What a result adds to an item's subjects, for `saveOutcomes`: null keeps them, '-' marks the item
 * not indexed (`subjectsAdded` without the secret), else the new hashes space-joined.
 */
const addedText = (added: string[] | null | 'unindexed'): string | null =>
  added === 'unindexed' ? '-' : joinSubjects(added);

/** Items are ready when pending, or waiting for a retry whose time has come. */
const readyItem = (now: Date) =>
  sql`(i.status = 'pending' or (i.status = 'retry' and i.not_before <= ${now.toISOString()}::timestamptz))`;

/**
 * Takes the lease on the oldest job of these kinds that has work ready (or is finished but not
 * yet marked so) and whose lease is free or expired. `skip locked` lets instances claim in parallel.
 */
export const claimJob = async (
  database: Database,
  options: { kinds: string[]; workerId: string; leaseMs: number; now: Date },
): Promise<JobRun | undefined> => {
  if (!options.kinds.length) return undefined;
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const kinds = sql.join(
    options.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await database.query<{ id: string }>(sql`
    update job_runs set status = 'running', locked_by = ${options.workerId},
      locked_until = ${until}::timestamptz, updated_at = ${now}::timestamptz
    where id = (
      select j.id from job_runs j
      where j.status in ('queued', 'running') and j.kind in (${kinds})
        and (j.locked_until is null or j.locked_until < ${now}::timestamptz)
        and (
          exists (select 1 from job_items i where i.job_id = j.id and ${readyItem(options.now)})
          or not exists (select 1 from job_items i where i.job_id = j.id and i.status <> 'done')
        )
      order by j.created_at, j.id
      limit 1
      for update skip locked
    )
    returning id`);
  const id = rows[0]?.id;
  return id ? loadJob(database, id) : undefined;
};

export const readyItems = async (
  database: Database,
  jobId: string,
  limit: number,
  now: Date,
): Promise<JobItem[]> => {
  const rows = await database.query<{ seq: number; input: unknown; attempts: number }>(sql`
    select i.seq, i.input, i.attempts from job_items i
    where i.job_id = ${jobId} and ${readyItem(now)}
    order by i.seq limit ${limit}`);
  return rows.map((r) => ({ seq: Number(r.seq), input: r.input, attempts: Number(r.attempts) }));
};

/** Extends the lease; false when another worker has taken the job (our lease had expired). */
export const renewLease = async (
  database: Database,
  jobId: string,
  workerId: string,
  until: Date,
): Promise<boolean> => {
  const rows = await database.db
    .update(jobRuns)
    .set({ lockedUntil: until })
    .where(and(eq(jobRuns.id, jobId), eq(jobRuns.lockedBy, workerId)))
    .returning({ id: jobRuns.id });
  return rows.length > 0;
};

export class LeaseLostError extends Error {}

/**
 * Persists a batch's outcomes and the progress counter in one transaction, only while we still
 * hold the lease; items already done are never counted twice.
 */
export const saveOutcomes = async (
  database: Database,
  options: {
    jobId: string;
    workerId: string;
    items: JobItem[];
    outcomes: Array<ItemOutcome | undefined>;
    leaseUntil: Date;
    /** The batch was stopped early: items without an outcome are left as they were. */
    partial?: boolean;
  },
): Promise<void> => {
  const reached = options.items.flatMap((item, i) => {
    const outcome = options.outcomes[i];
    if (!outcome) {
      if (options.partial) return []; // not reached before a stop: stays pending
      throw new Error(`no outcome for item ${item.seq}`);
    }
    return { item, outcome };
  });
  if (!reached.length) return;
  await database.db.transaction(async (tx) => {
    const [owned] = await tx
      .update(jobRuns)
      .set({ lockedUntil: options.leaseUntil, updatedAt: new Date() })
      .where(and(eq(jobRuns.id, options.jobId), eq(jobRuns.lockedBy, options.workerId)))
      .returning({ kind: jobRuns.kind, input: jobRuns.input });
    if (!owned) throw new LeaseLostError(`lease on job ${options.jobId} lost`);
    const values = reached.map(({ item, outcome }) => ({
      seq: item.seq,
      status: outcome.retryAt ? 'retry' : 'done',
      result: outcome.result ?? null,
      not_before: outcome.retryAt ? outcome.retryAt.toISOString() : null,
      added: addedText(subjectsAdded(owned, item.input, outcome.result ?? null)),
    }));
    const rows = rowsOf<{ status: string }>(
      await tx.execute(sql`
      update job_items as i set status = v.status, result = v.result, not_before = v.not_before,
        attempts = i.attempts + 1,
        subjects = case when v.added is null then i.subjects when v.added = '-' or i.subjects is null then null
          else i.subjects || string_to_array(v.added, ' ') end
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(seq int, status text, result jsonb, not_before timestamptz, added text)
      where i.job_id = ${options.jobId} and i.seq = v.seq and i.status <> 'done'
      returning v.status`),
    );
    const finished = rows.filter((r) => r.status === 'done').length;
    if (finished) {
      await tx
        .update(jobRuns)
        .set({ done: sql`${jobRuns.done} + ${finished}` })
        .where(eq(jobRuns.id, options.jobId));
    }
  });
};

export const unfinishedCount = async (database: Database, jobId: string): Promise<number> => {
  const rows = await database.query<{ n: number }>(
    sql`select count(*)::int as n from job_items where job_id = ${jobId} and status <> 'done'`,
  );
  return Number(rows[0]?.n ?? 0);
};

/** Marks the job finished (or failed) and gives up the lease. */
/** Job kinds whose end is announced to webhook subscribers, and the event each sends. */
const completedEvents: Record<string, 'verify_job.completed' | 'audience_job.completed'> = {
  verify: 'verify_job.completed',
  audience: 'audience_job.completed',
};

export const finishJob = async (
  database: Database,
  options: {
    jobId: string;
    workerId: string;
    status: 'succeeded' | 'failed';
    result?: Record<string, unknown> | null;
    error?: string;
    now: Date;
  },
): Promise<void> => {
  // The job's end and its webhook event commit together: subscribers hear of every finished job once.
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobRuns)
      .set({
        status: options.status,
        result: options.result ?? null,
        error: options.error ?? null,
        finishedAt: options.now,
        updatedAt: options.now,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(jobRuns.id, options.jobId), eq(jobRuns.lockedBy, options.workerId)))
      .returning({ orgId: jobRuns.orgId, kind: jobRuns.kind, total: jobRuns.total, done: jobRuns.done });
    const type = row ? completedEvents[row.kind] : undefined;
    if (!row?.orgId || !type) return;
    await emitEvent(tx, {
      orgId: row.orgId,
      type,
      data: {
        job_id: options.jobId,
        status: options.status,
        total: row.total,
        done: row.done,
        error: options.error ?? null,
        finished_at: options.now.toISOString(),
      },
    });
  });
};

/** Gives up the lease early (graceful stop, or nothing ready yet); `retryAt` delays the next claim. */
export const releaseJob = async (
  database: Database,
  options: { jobId: string; workerId: string; retryAt?: Date; failedAttempt?: string },
): Promise<void> => {
  await database.db
    .update(jobRuns)
    .set({
      lockedBy: null,
      lockedUntil: options.retryAt ?? null,
      ...(options.failedAttempt
        ? { attempts: sql`${jobRuns.attempts} + 1`, error: options.failedAttempt }
        : {}),
    })
    .where(and(eq(jobRuns.id, options.jobId), eq(jobRuns.lockedBy, options.workerId)));
};

export const jobAttempts = async (database: Database, jobId: string): Promise<number> => {
  const [row] = await database.db
    .select({ attempts: jobRuns.attempts })
    .from(jobRuns)
    .where(eq(jobRuns.id, jobId));
  return row?.attempts ?? 0;
};

export const resultPage = async (
  database: Database,
  jobId: string,
  options: { after?: number; limit: number },
): Promise<ItemPage> => {
  const rows = await database.db
    .select({ seq: jobItems.seq, input: jobItems.input, result: jobItems.result })
    .from(jobItems)
    .where(
      and(
        eq(jobItems.jobId, jobId),
        eq(jobItems.status, 'done'),
        options.after === undefined ? undefined : gt(jobItems.seq, options.after),
      ),
    )
    .orderBy(asc(jobItems.seq))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > options.limit && last ? last.seq : null };
};

/** The database-backed `Jobs`; `onSubmit` lets a runner in this process start at once. */
export const createJobs = (database: Database, options: { onSubmit?: () => void } = {}): Jobs => ({
  async submit(request) {
    const submitted = await submitJob(database, request);
    if (submitted.created) options.onSubmit?.();
    return submitted;
  },
  async get(orgId, id) {
    const job = await loadJob(database, id);
    return job && job.orgId === orgId ? job : undefined;
  },
  results: (jobId, page) => resultPage(database, jobId, page),
});

/** Jobs waiting or running of one kind and status, and the age of the oldest in seconds. */
export interface QueueDepth {
  kind: string;
  status: string;
  jobs: number;
  oldest: number;
}

/** The job queue as every process shares it (`job_runs`): one grouped read, for the metrics gauges. */
export const jobQueueDepth = (database: Database): Promise<QueueDepth[]> =>
  database.query<QueueDepth>(sql`
    select kind, status, count(*)::int as jobs,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
    from job_runs where status in ('queued', 'running') group by kind, status`);
