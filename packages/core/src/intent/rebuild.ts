import { type SQL, sql } from 'drizzle-orm';
import { type Executor, run } from '../shared/sql-rows.js';
import type { TransactionalDb } from './ingest-signals.js';

/**
 * Recomputes every intent aggregate and score from the raw `signals` and `job_postings` rows. Not needed
 * in normal operation (triggers keep the aggregates as rows arrive); for repair, or after a bulk load
 * that arrived out of time order, so every week is scored against the final topic statistics.
 */
export async function rebuildIntentAggregates(db: Executor): Promise<void> {
  await db.execute(sql`select intent_rebuild()`);
}

/** Runs one statement per part at once; waits for all of them before reporting the first failure. */
async function eachPart<T>(db: Executor, parts: number, step: (part: number) => SQL): Promise<T[][]> {
  const settled = await Promise.allSettled(Array.from({ length: parts }, (_, p) => run<T>(db, step(p))));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T[]>).value);
}

/**
 * Rebuilds the company-topic-week scores (`intent_signal_weeks`) and topic totals wholesale from
 * `signals`, and returns the rows written. With one connection, in one transaction. With more (PostgreSQL,
 * the database itself rather than a transaction), the work is split by company over that many connections
 * (packages/db/sql/intent.sql): a transaction locks `signals` against writers, the sums and scores are built in work
 * tables beside it, then the indexes (on one connection: PostgreSQL builds each with parallel workers),
 * and the same transaction swaps them in. Writers wait for the whole rebuild; readers see the old scores
 * until the swap commits, and nothing changes if a step fails.
 */
export async function rebuildSignalWeeks(db: TransactionalDb, connections = 1): Promise<number> {
  if (connections <= 1) {
    const [row] = await run<{ stored: number }>(db, sql`select intent_rebuild_signal_weeks() as stored`);
    return Number(row?.stored ?? 0);
  }
  const parts = connections;
  return db.transaction(async (tx) => {
    await run(tx, sql`select intent_rebuild_begin()`);
    // Every other step commits on its own connection of `db`: they write only work tables.
    await run(db, sql`select intent_rebuild_prepare()`);
    await eachPart(db, parts, (p) => sql`select intent_rebuild_sums(${p}::int, ${parts}::int)`);
    await run(db, sql`select intent_rebuild_totals(${parts}::int)`);
    const scored = await eachPart<{ stored: number }>(
      db,
      parts,
      (p) => sql`select intent_rebuild_score(${p}::int) as stored`,
    );
    await run(db, sql`select intent_rebuild_indexes()`);
    await run(tx, sql`select intent_rebuild_swap(${parts}::int)`);
    return scored.reduce((sum, [row]) => sum + Number(row?.stored ?? 0), 0);
  });
}
