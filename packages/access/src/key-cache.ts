import type { KeyRecord, KeyStore } from './key-store.js';

interface Entry {
  record: KeyRecord;
  loadedAt: number;
}

export interface KeyCacheOptions {
  /** How long an entry may be trusted, decided per lookup (short when invalidations may be missed). */
  ttlMs: () => number;
  /** Known keys kept (oldest dropped first). */
  max?: number;
  /** How long a hash no key has is remembered as unknown (the negative cache). */
  unknownTtlMs?: number;
  /** Unknown hashes remembered; kept apart from known keys, so a flood of them evicts none. */
  unknownMax?: number;
  now?: () => number;
}

/** Default negative-cache life: a repeated bad key costs one lookup a second at most. */
export const unknownKeyTtlMs = 1_000;

/**
 * Hot keys answered from memory: no database query on a hit. Revocation reaches it through
 * `invalidate` (same process or broadcast); the TTL bounds what a missed broadcast can cost.
 * Hashes that match no key are remembered briefly in a separate, bounded map: a client
 * repeating a bad key does not reach the database each time, and random keys cannot push
 * valid ones out. A key created after its hash was remembered waits at most `unknownTtlMs`.
 */
export function createKeyCache(store: Pick<KeyStore, 'findByHash'>, options: KeyCacheOptions) {
  const entries = new Map<string, Entry>();
  const unknown = new Map<string, number>();
  const inflight = new Map<string, Promise<KeyRecord | null>>();
  const max = options.max ?? 50_000;
  const unknownMax = options.unknownMax ?? 10_000;
  const unknownTtl = options.unknownTtlMs ?? unknownKeyTtlMs;
  const now = options.now ?? Date.now;
  const stats = { hits: 0, misses: 0 };

  const remember = <V>(map: Map<string, V>, limit: number, hash: string, value: V) => {
    map.delete(hash);
    if (map.size >= limit) map.delete(map.keys().next().value as string); // oldest first
    map.set(hash, value);
  };

  async function load(hash: string): Promise<KeyRecord | null> {
    const pending = inflight.get(hash);
    if (pending) return pending;
    const promise = store.findByHash(hash).finally(() => inflight.delete(hash));
    inflight.set(hash, promise);
    const record = await promise;
    if (record) {
      unknown.delete(hash);
      remember(entries, max, hash, { record, loadedAt: now() });
    } else remember(unknown, unknownMax, hash, now());
    return record;
  }

  const fresh = (hash: string): KeyRecord | null | undefined => {
    const entry = entries.get(hash);
    if (entry && now() - entry.loadedAt < options.ttlMs()) return entry.record;
    const missedAt = unknown.get(hash);
    if (missedAt !== undefined && now() - missedAt < Math.min(unknownTtl, options.ttlMs())) return null;
    return undefined;
  };

  return {
    /** The cached answer when it is fresh (a record, or null for a known-bad key); undefined on a miss. */
    peek(hash: string): KeyRecord | null | undefined {
      const answer = fresh(hash);
      if (answer !== undefined) stats.hits++;
      return answer;
    },
    async get(hash: string): Promise<KeyRecord | null> {
      const answer = fresh(hash);
      if (answer !== undefined) {
        stats.hits++;
        return answer;
      }
      stats.misses++;
      return load(hash);
    },
    invalidate: (hash: string) => {
      entries.delete(hash);
      unknown.delete(hash);
    },
    clear: () => {
      entries.clear();
      unknown.clear();
    },
    stats,
  };
}
