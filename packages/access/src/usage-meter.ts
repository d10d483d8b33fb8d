import type { Logger } from '@dossier/core';
import { type Db, usageDaily } from '@dossier/db';
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

/**
 * Usage per key, operation and day, counted in memory and written in batches: no database
 * write per request. A crash loses at most one flush interval; a graceful shutdown loses nothing.
 */
export function createUsageMeter(db: Db, log: Logger, flushMs = 5000) {
  let counters = new Map<string, Counter>();
  let lastUsed = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

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
   * One transaction: the counts and last_used_at are written together or not at all, so a
   * failed flush can be re-queued whole without counting anything twice. Times are sent as
   * ISO text cast in SQL (postgres.js cannot send a Date in an untyped position).
   */
  async function write(batch: Counter[], used: Map<string, number>) {
    await db.transaction(async (tx) => {
      if (batch.length) {
        await tx
          .insert(usageDaily)
          .values(batch)
          .onConflictDoUpdate({
            target: [usageDaily.keyId, usageDaily.operation, usageDaily.day],
            set: {
              requests: sql`${usageDaily.requests} + excluded.requests`,
              errors: sql`${usageDaily.errors} + excluded.errors`,
              rateLimited: sql`${usageDaily.rateLimited} + excluded.rate_limited`,
            },
          });
      }
      if (used.size) {
        const rows = JSON.stringify([...used].map(([id, ms]) => ({ id, at: new Date(ms).toISOString() })));
        await tx.execute(sql`update api_keys k
          set last_used_at = greatest(coalesce(k.last_used_at, v.at), v.at)
          from json_to_recordset(${rows}::json) as v(id text, at timestamptz)
          where k.id = v.id`);
      }
    });
  }

  /** Writes what was counted so far. A failed write wrote nothing: its counts wait for the next flush. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (counters.size === 0 && lastUsed.size === 0) return;
      const batch = counters;
      const used = lastUsed;
      counters = new Map();
      lastUsed = new Map();
      try {
        await write([...batch.values()], used);
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'usage flush failed; will retry',
        );
        for (const [id, c] of batch) {
          const now = counters.get(id);
          if (now) {
            now.requests += c.requests;
            now.errors += c.errors;
            now.rateLimited += c.rateLimited;
          } else counters.set(id, c);
        }
        for (const [k, v] of used) if (!lastUsed.has(k)) lastUsed.set(k, v);
      }
    });
    return flushing;
  }

  return {
    record,
    flush,
    pending: () => counters.size,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

export type UsageMeter = ReturnType<typeof createUsageMeter>;
