import type { Logger } from '@dossier/core';
import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';

/** One request as the log keeps it; no body, query or address (personal data stays out). */
interface Entry {
  orgId: string;
  keyId: string;
  operation: string;
  status: number;
  latencyMs: number;
  at: number;
}

export interface RequestLogOptions {
  /** How often pending entries are written; 0 writes only on `flush` (tests). */
  flushMs?: number;
  /** Days a row is kept; the sweep deletes older ones. */
  retentionDays?: number;
  /** How often the sweep runs; 0 leaves it to whoever calls `sweep`. */
  sweepMs?: number;
  /** Entries held while the database is unreachable; beyond this they are counted and dropped. */
  maxPending?: number;
}

/** Rows per INSERT: one JSON parameter each, so the statement size, not the row count, is the bound. */
const chunkSize = 2000;

/** Deletes request log rows older than `days` days; returns how many went. */
export async function sweepRequestLog(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const result = await db.execute(sql`delete from request_log where at < ${cutoff}::timestamptz`);
  return Number(
    (result as { count?: number; affectedRows?: number }).count ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}

/**
 * The request log (time, key, operation, status, latency), written the way the usage meter
 * writes its counters: `record` only appends to an array, and a timer inserts the batch, so no
 * request waits on the database. A crash loses at most one flush interval; a failed write keeps
 * its entries for the next one (bounded by `maxPending`).
 */
export function createRequestLog(db: Db, log: Logger, options: RequestLogOptions = {}) {
  const retentionDays = options.retentionDays ?? 30;
  const maxPending = options.maxPending ?? 100_000;
  let pending: Entry[] = [];
  let dropped = 0;
  let flushing: Promise<void> = Promise.resolve();

  const flushMs = options.flushMs ?? 5000;
  const timer = flushMs > 0 ? setInterval(() => void flush(), flushMs) : null;
  timer?.unref();
  const sweepMs = options.sweepMs ?? 3_600_000;
  const sweeper = sweepMs > 0 ? setInterval(() => void sweep(), sweepMs) : null;
  sweeper?.unref();

  function record(orgId: string, keyId: string, operation: string, status: number, latencyMs: number) {
    if (pending.length >= maxPending) {
      dropped++;
      return;
    }
    pending.push({ orgId, keyId, operation, status, latencyMs: Math.round(latencyMs), at: Date.now() });
  }

  async function write(batch: Entry[]) {
    for (let i = 0; i < batch.length; i += chunkSize) {
      const rows = JSON.stringify(
        batch.slice(i, i + chunkSize).map((e) => ({
          o: e.orgId,
          k: e.keyId,
          p: e.operation,
          s: e.status,
          l: e.latencyMs,
          t: new Date(e.at).toISOString(),
        })),
      );
      // Ids follow the order requests were recorded (the log pages by id). Rows of organizations
      // deleted meanwhile are skipped rather than failing the whole batch.
      await db.execute(sql`insert into request_log (org_id, key_id, operation, status, latency_ms, at)
        select v.o, v.k, v.p, v.s, v.l, v.t
        from rows from (
          json_to_recordset(${rows}::json) as (o text, k text, p text, s smallint, l integer, t timestamptz)
        ) with ordinality as v(o, k, p, s, l, t, n)
        where exists (select 1 from organizations where id = v.o)
        order by v.n`);
    }
  }

  /** Writes what was recorded so far; a failed write keeps its entries for the next flush. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      try {
        await write(batch);
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error), entries: batch.length },
          'request log flush failed; will retry',
        );
        const room = Math.max(0, maxPending - pending.length);
        dropped += Math.max(0, batch.length - room);
        pending = batch.slice(0, room).concat(pending);
      }
    });
    return flushing;
  }

  async function sweep(now = new Date()): Promise<number> {
    try {
      return await sweepRequestLog(db, retentionDays, now);
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'request log sweep failed');
      return 0;
    }
  }

  return {
    record,
    flush,
    sweep,
    retentionDays,
    pending: () => pending.length,
    dropped: () => dropped,
    async close() {
      if (timer) clearInterval(timer);
      if (sweeper) clearInterval(sweeper);
      await flush();
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
