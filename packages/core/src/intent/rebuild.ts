import type { Executor } from '../shared/sql-rows.js';
import type { TransactionalDb } from './ingest-signals.js';
import {
  rebuildAll,
  rebuildBegin,
  rebuildIndexes,
  rebuildPrepare,
  rebuildScore,
  rebuildSignalWeeksAtOnce,
  rebuildSums,
  rebuildSwap,
  rebuildTotals,
} from './store-rebuild.js';

/**
 * Recomputes every intent aggregate and score from the raw `signals` and `job_postings` rows. Not needed
 * in normal operation (triggers keep the aggregates as rows arrive); for repair, or after a bulk load
 * that arrived out of time order, so every week is scored against the final topic statistics.
 */
export async function rebuildIntentAggregates(db: Executor): Promise<void> {
  await rebuildAll(db);
}

/** Runs one statement per part at once; waits for all of them before reporting the first failure. */
async function eachPart<T>(parts: number, step: (part: number) => Promise<T>): Promise<T[]> {
  const settled = await Promise.allSettled(Array.from({ length: parts }, (_, p) => step(p)));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
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
  if (connections <= 1) return rebuildSignalWeeksAtOnce(db);
  const parts = connections;
  return db.transaction(async (tx) => {
    await rebuildBegin(tx);
    // Every other step commits on its own connection of `db`: they write only work tables.
    await rebuildPrepare(db);
    await eachPart(parts, (p) => rebuildSums(db, p, parts));
    await rebuildTotals(db, parts);
    const scored = await eachPart(parts, (p) => rebuildScore(db, p));
    await rebuildIndexes(db);
    await rebuildSwap(tx, parts);
    return scored.reduce((sum, stored) => sum + stored, 0);
  });
}
