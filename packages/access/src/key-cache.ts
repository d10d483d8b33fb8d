import type { KeyRecord, KeyStore } from './key-store.js';

interface Entry {
  record: KeyRecord | null;
  loadedAt: number;
}

export interface KeyCacheOptions {
  /** How long an entry may be trusted, decided per lookup (short when invalidations may be missed). */
  ttlMs: () => number;
  max?: number;
  now?: () => number;
}

/**
 * Hot keys answered from memory: no database query on a hit. Revocation reaches it through
 * `invalidate` (same process or broadcast); the TTL bounds what a missed broadcast can cost.
 */
export function createKeyCache(store: Pick<KeyStore, 'findByHash'>, options: KeyCacheOptions) {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<KeyRecord | null>>();
  const max = options.max ?? 50_000;
  const now = options.now ?? Date.now;
  const stats = { hits: 0, misses: 0 };

  async function load(hash: string): Promise<KeyRecord | null> {
    const pending = inflight.get(hash);
    if (pending) return pending;
    const promise = store.findByHash(hash).finally(() => inflight.delete(hash));
    inflight.set(hash, promise);
    const record = await promise;
    if (entries.size >= max) entries.delete(entries.keys().next().value as string); // oldest first
    entries.set(hash, { record, loadedAt: now() });
    return record;
  }

  return {
    /** The cached answer when it is fresh (a record, or null for a known-bad key); undefined on a miss. */
    peek(hash: string): KeyRecord | null | undefined {
      const entry = entries.get(hash);
      if (entry && now() - entry.loadedAt < options.ttlMs()) {
        stats.hits++;
        return entry.record;
      }
      return undefined;
    },
    async get(hash: string): Promise<KeyRecord | null> {
      const entry = entries.get(hash);
      if (entry && now() - entry.loadedAt < options.ttlMs()) {
        stats.hits++;
        return entry.record;
      }
      stats.misses++;
      return load(hash);
    },
    invalidate: (hash: string) => entries.delete(hash),
    clear: () => entries.clear(),
    stats,
  };
}
