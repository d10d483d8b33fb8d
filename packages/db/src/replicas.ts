import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

export interface ReplicaOptions {
  /** A replica further behind the primary than this serves no reads until it catches up. */
  maxLagSeconds: number;
  /** How often each replica's lag is measured (never per request). */
  checkMs?: number;
  /** Told when a replica stops or starts serving reads (unreachable, behind, caught up). */
  onChange?: (message: string) => void;
}

/** What `reader` and `noteWrite` add to the primary's `Database`, and what they report. */
export interface ReadRouting {
  /**
   * A database for reads that tolerate replica lag: a replica within the lag bound (in turn), or
   * the primary when none is, or when `key` wrote within the last few seconds (read-your-writes).
   */
  reader(key?: string): Database;
  /** After a write by `key` (an organization), its reads stay on the primary for a while. */
  noteWrite(key: string): void;
  /** Each replica's last measured lag in seconds (null: not reachable), in configuration order. */
  replicaLags(): Array<number | null>;
}

/**
 * Seconds the replica is behind. When it has replayed everything it received the lag is 0 (an idle
 * primary sends nothing, so the time since the last replayed transaction would only grow);
 * otherwise it is the age of the last transaction it replayed.
 */
const lagQuery = sql`select case
  when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 1e9)
end::float8 as lag`;

/**
 * Adds read routing to a primary: every replica's lag is measured on a timer (and once before
 * this returns, so the first requests already use replicas that are fit), reads go round the fit
 * replicas, and an organization that wrote reads from the primary for `2 × maxLag + checkMs`
 * (by then a fit replica has what it wrote, or has been found unfit). Closing the primary closes
 * the replicas.
 */
export async function withReplicas(
  primary: Database,
  replicas: Database[],
  options: ReplicaOptions,
): Promise<Database & ReadRouting> {
  const checkMs = options.checkMs ?? 1_000;
  const lags: Array<number | null> = replicas.map(() => null);
  const stickyMs = 2 * options.maxLagSeconds * 1000 + checkMs;
  const wrote = new Map<string, number>();
  let turn = 0;
  const closePrimary = primary.close;

  const isFit = (i: number) => lags[i] !== null && (lags[i] as number) <= options.maxLagSeconds;
  let first = true;
  const measure = async () => {
    await Promise.all(
      replicas.map(async (replica, i) => {
        const wasFit = isFit(i);
        let problem = '';
        try {
          const [row] = await replica.query<{ lag: number }>(lagQuery);
          const lag = Number(row?.lag ?? Number.NaN);
          lags[i] = Number.isFinite(lag) ? lag : null;
          problem = `is ${lags[i] ?? 'an unknown number of'} s behind`;
        } catch (error) {
          lags[i] = null;
          problem = `cannot be reached (${(error as Error).message})`;
        }
        // Told once per change, not every check.
        if (first ? !isFit(i) : wasFit !== isFit(i))
          options.onChange?.(
            isFit(i)
              ? `read replica ${i + 1} serves reads again`
              : `read replica ${i + 1} ${problem}; its reads go to the primary`,
          );
      }),
    );
  };
  await measure();
  first = false;
  let measuring = false;
  const timer = setInterval(() => {
    if (measuring) return;
    measuring = true;
    void measure().finally(() => {
      measuring = false;
    });
  }, checkMs);
  timer.unref();

  const fit = () => replicas.filter((_, i) => isFit(i));

  return Object.assign(primary, {
    reader(key?: string): Database {
      if (key !== undefined) {
        const at = wrote.get(key);
        if (at !== undefined) {
          if (Date.now() - at < stickyMs) return primary;
          wrote.delete(key);
        }
      }
      const candidates = fit();
      if (!candidates.length) return primary;
      turn = (turn + 1) % candidates.length;
      return candidates[turn] as Database;
    },
    noteWrite(key: string) {
      wrote.set(key, Date.now());
      // Bounded: entries older than the window are dropped when the map grows.
      if (wrote.size > 10_000) {
        const cutoff = Date.now() - stickyMs;
        for (const [k, at] of wrote) if (at < cutoff) wrote.delete(k);
      }
    },
    replicaLags: () => [...lags],
    close: async () => {
      clearInterval(timer);
      await Promise.all([closePrimary(), ...replicas.map((r) => r.close())]);
    },
  });
}
