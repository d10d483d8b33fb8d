import type { Database, jobRuns } from '@dossier/db';
import type { Logger } from '../context.js';

type JobRunRow = typeof jobRuns.$inferSelect;

export type JobStatus = JobRunRow['status'];

/** A job as callers see it: progress is `done` of `total` items. */
export type JobRun = Pick<
  JobRunRow,
  | 'id'
  | 'orgId'
  | 'kind'
  | 'status'
  | 'input'
  | 'total'
  | 'done'
  | 'result'
  | 'error'
  | 'createdAt'
  | 'finishedAt'
>;

export interface JobItem<I = unknown> {
  seq: number;
  input: I;
  /** Times this item was processed before (0 the first time). */
  attempts: number;
}

/** What processing one item gave: a final result, or one to keep and try again after `retryAt`. */
export interface ItemOutcome<R = unknown> {
  result: R;
  retryAt?: Date;
}

export interface JobContext {
  job: JobRun;
  database: Database;
  log: Logger;
  now: () => Date;
  /** Fires when the runner stops: long work ends at its next safe point and returns what it finished. */
  signal: AbortSignal;
}

/** One kind of work (`verify`, audience lists later): the runner does claiming, leases and persistence. */
export interface JobKind<I = unknown, R = unknown> {
  /** Items per batch; each batch is persisted before the next starts (default 100). */
  chunkSize?: number;
  /**
   * Outcomes in the same order as `items`. Throwing fails the batch; the job is retried later.
   * Once `ctx.signal` has fired, an item may have no outcome (undefined): it stays pending for
   * the next run, as if never started.
   */
  processItems(ctx: JobContext, items: JobItem<I>[]): Promise<Array<ItemOutcome<R> | undefined>>;
  /** Called once every item is done; its value is stored as the job's `result`. */
  finish?(ctx: JobContext): Promise<Record<string, unknown> | null>;
}

export interface SubmitJob {
  orgId: string;
  kind: string;
  items: unknown[];
  input?: Record<string, unknown>;
  /** Per organization and kind: a second submission with the same key returns the first job. */
  idempotencyKey?: string;
}

export interface ItemPage {
  items: Array<{ seq: number; input: unknown; result: unknown }>;
  /** Pass back as `after` for the next page; null at the end. */
  next: number | null;
}

/** What operations reach through `Context.jobs`. */
export interface Jobs {
  submit(request: SubmitJob): Promise<{ job: JobRun; created: boolean }>;
  /** The job when it belongs to `orgId`, else undefined. */
  get(orgId: string, id: string): Promise<JobRun | undefined>;
  /** Finished items in `seq` order after the cursor. */
  results(jobId: string, options: { after?: number; limit: number }): Promise<ItemPage>;
}
