/** Where live findings are kept between scans. The lead's database implementation fits the same shape. */
export interface TtlCache<T> {
  get(key: string): Promise<T | undefined> | T | undefined;
  set(key: string, value: T, ttlMs: number): Promise<void> | void;
}

export interface MemoryCacheOptions {
  /** Oldest entries go first past this many. Default 10,000. */
  maxEntries?: number;
  now?: () => number;
}

/** An in-process cache with a time to live per entry. */
export const createMemoryCache = <T>(options: MemoryCacheOptions = {}): TtlCache<T> & { size(): number } => {
  const entries = new Map<string, { value: T; expires: number }>();
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 10_000;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    size: () => entries.size,
  };
};
