import { sql } from 'drizzle-orm';
import { type Executor, run } from '../shared/sql-rows.js';

// The intent_rebuild* and intent_merge_pending functions live in packages/db/sql/intent.sql.

/** Recomputes every intent aggregate and score from the raw `signals` and `job_postings` rows. */
export const rebuildAll = async (db: Executor): Promise<void> => {
  await db.execute(sql`select intent_rebuild()`);
};

/** Rebuilds the company-topic-week scores in one statement; returns the rows written. */
export const rebuildSignalWeeksAtOnce = async (db: Executor): Promise<number> => {
  const [row] = await run<{ stored: number }>(db, sql`select intent_rebuild_signal_weeks() as stored`);
  return Number(row?.stored ?? 0);
};

/** The steps of a rebuild split over connections, in the order `rebuildSignalWeeks` runs them. */
export const rebuildBegin = (tx: Executor) => run(tx, sql`select intent_rebuild_begin()`);
export const rebuildPrepare = (db: Executor) => run(db, sql`select intent_rebuild_prepare()`);
export const rebuildSums = (db: Executor, part: number, parts: number) =>
  run(db, sql`select intent_rebuild_sums(${part}::int, ${parts}::int)`);
export const rebuildTotals = (db: Executor, parts: number) =>
  run(db, sql`select intent_rebuild_totals(${parts}::int)`);
/** Scores one part's work table; returns the rows it wrote. */
export const rebuildScore = async (db: Executor, part: number): Promise<number> => {
  const [row] = await run<{ stored: number }>(db, sql`select intent_rebuild_score(${part}::int) as stored`);
  return Number(row?.stored ?? 0);
};
export const rebuildIndexes = (db: Executor) => run(db, sql`select intent_rebuild_indexes()`);
export const rebuildSwap = (tx: Executor, parts: number) =>
  run(tx, sql`select intent_rebuild_swap(${parts}::int)`);

/** Merges the batches parked by bulk loads into the aggregates; returns the company-topic weeks merged. */
export const mergePending = async (db: Executor): Promise<number> => {
  const [row] = await run<{ merged: number }>(db, sql`select intent_merge_pending() as merged`);
  return Number(row?.merged ?? 0);
};

/**
 * Close upper bounds of the signals parked by bulk loads and of all signals: batches are id ranges
 * of `signals` and ids come from a sequence, so both are read from two index ends and the parked
 * ranges, never by counting rows.
 */
export const parkedAndTotalSignals = async (db: Executor): Promise<{ parked: number; total: number }> => {
  const [row] = await run<{ parked: number | string; total: number | string }>(
    db,
    sql`select (select coalesce(sum(hi - lo + 1), 0) from intent_pending_batches) as parked,
          (select coalesce(max(id) - min(id) + 1, 0) from signals) as total`,
  );
  return { parked: Number(row?.parked ?? 0), total: Number(row?.total ?? 0) };
};
