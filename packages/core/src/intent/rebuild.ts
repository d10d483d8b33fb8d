import { sql } from 'drizzle-orm';
import type { Executor } from './sql-rows.js';

/**
 * Recomputes every intent aggregate and score from the raw `signals` and `job_postings` rows. Not needed
 * in normal operation (triggers keep the aggregates as rows arrive); for repair, or after a bulk load
 * that arrived out of time order, so every week is scored against the final topic statistics.
 */
export async function rebuildIntentAggregates(db: Executor): Promise<void> {
  await db.execute(sql`select intent_rebuild()`);
}
