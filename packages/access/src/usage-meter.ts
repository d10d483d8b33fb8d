import { randomUUID } from 'node:crypto';
import type { Logger } from '@dossier/core';
import { type Db, usageDaily, usageFlushes } from '@dossier/db';
import { sql } from 'drizzle-orm';

export type Outcome = 'ok' | 'error' | 'rate_limited';

interface Counter {
  orgId: string;
  keyId: string;
  operation: string;
  day: string;
  requests: number;
  errors: number;
  rateLimited: number;
}

/** A flush's counts and key times, with the id that makes writing them twice a no-op. */
interface FlushBatch {
  id: string;
  counters: Counter[];
  used: Map<string, number>;
}

/** How long the ids of written flushes are kept: a batch retried later than this could count twice. */
const FLUSH_ID_RETENTION = '7 days';
/** How often a meter deletes the expired ids (each flush would be a query every few seconds). */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Usage per key, operation and day, counted in memory and written in batches: no database
 * write per request. A crash loses at most one flush interval; a graceful shutdown loses nothing.
 *
 * Each batch is written once. A flush whose COMMIT reached the server but whose answer was lost
 * (the connection dropped) cannot tell whether it was written: it keeps the batch, with its id, and
 * retries that batch as it was. The id is recorded in the same transaction as the counts
 * (usage_flushes), so the retry of a batch already written finds its id and adds nothing.
 */
export function createUsageMeter(db: Db, log: Logger, flushMs = 5000) {
  let counters = new Map<string, Counter>();
  let lastUsed = new Map<string, number>();
  /** A batch whose write failed: retried whole, under its id, before anything newer is written. */
  let unsent: FlushBatch | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  const timer = flushMs > 0 ? setInterval(() => void flush(), flushMs) : null;
  timer?.unref();

  // The UTC day, formatted once per day rather than per request.
  let dayText = '';
  let dayEnds = 0;
  const dayOf = (ms: number) => {
    if (ms >= dayEnds || ms < dayEnds - 86_400_000) {
      dayText = new Date(ms).toISOString().slice(0, 10);
      dayEnds = Date.parse(`${dayText}T00:00:00Z`) + 86_400_000;
    }
    return dayText;
  };

  function record(orgId: string, keyId: string, operation: string, outcome: Outcome, now?: Date) {
    const ms = now ? now.getTime() : Date.now();
    const day = dayOf(ms);
    const id = `${keyId}|${operation}|${day}`;
    let counter = counters.get(id);
    if (!counter) {
      counter = { orgId, keyId, operation, day, requests: 0, errors: 0, rateLimited: 0 };
      counters.set(id, counter);
    }
    counter.requests++;
    if (outcome === 'error') counter.errors++;
    if (outcome === 'rate_limited') counter.rateLimited++;
    const previous = lastUsed.get(keyId);
    if (previous === undefined || ms > previous) lastUsed.set(keyId, ms);
  }

  /**
   * One transaction: the batch's id, its counts and last_used_at are written together or not at
   * all. A batch whose id is already recorded was written before (its answer was lost): nothing is
   * added. Times are sent as ISO text cast in SQL (postgres.js cannot send a Date in an untyped
   * position).
   */
  async function write(batch: FlushBatch): Promise<'written' | 'already written'> {
    const prune = Date.now() - prunedAt >= PRUNE_EVERY_MS;
    const outcome = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(usageFlushes)
        .values({ id: batch.id })
        .onConflictDoNothing()
        .returning({ id: usageFlushes.id });
      if (claimed.length === 0) return 'already written' as const;
      if (batch.counters.length) {
        await tx
          .insert(usageDaily)
          .values(batch.counters)
          .onConflictDoUpdate({
            target: [usageDaily.keyId, usageDaily.operation, usageDaily.day],
            set: {
              requests: sql`${usageDaily.requests} + excluded.requests`,
              errors: sql`${usageDaily.errors} + excluded.errors`,
              rateLimited: sql`${usageDaily.rateLimited} + excluded.rate_limited`,
            },
          });
      }
      if (batch.used.size) {
        const rows = JSON.stringify(
          [...batch.used].map(([id, ms]) => ({ id, at: new Date(ms).toISOString() })),
        );
        await tx.execute(sql`update api_keys k
          set last_used_at = greatest(coalesce(k.last_used_at, v.at), v.at)
          from json_to_recordset(${rows}::json) as v(id text, at timestamptz)
          where k.id = v.id`);
      }
      if (prune)
        await tx.execute(
          sql`delete from usage_flushes where applied_at < now() - ${FLUSH_ID_RETENTION}::interval`,
        );
      return 'written' as const;
    });
    if (prune) prunedAt = Date.now();
    return outcome;
  }

  /** Writes one batch; false when it failed (it is kept, under its id, for the next flush). */
  async function send(batch: FlushBatch): Promise<boolean> {
    try {
      const outcome = await write(batch);
      if (outcome === 'already written')
        log.info({ flush: batch.id }, 'usage flush retried after a lost answer: it had been written');
      unsent = null;
      return true;
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'usage flush failed; will retry',
      );
      unsent = batch;
      return false;
    }
  }

  /**
   * Writes what was counted so far: first a batch an earlier flush could not confirm, as it was,
   * then the counts since. While that batch still fails, newer counts wait in memory.
   */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (unsent && !(await send(unsent))) return;
      if (counters.size === 0 && lastUsed.size === 0) return;
      const batch: FlushBatch = { id: randomUUID(), counters: [...counters.values()], used: lastUsed };
      counters = new Map();
      lastUsed = new Map();
      await send(batch);
    });
    return flushing;
  }

  return {
    record,
    flush,
    /** Counts not yet written: in memory, and in a batch waiting to be retried. */
    pending: () => counters.size + (unsent?.counters.length ?? 0),
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;
