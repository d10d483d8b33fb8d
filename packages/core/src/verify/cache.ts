import type { CatchAllFact, DomainDns, VerifyResult } from './types.js';

/**
 * Verification cache. The verifier stores DNS facts per domain, the catch-all decision per domain
 * (a day) and definitive per-address results. Temporary failures are never stored.
 */
export interface VerifyCache {
  getDomain(domain: string): Promise<DomainDns | undefined>;
  setDomain(domain: string, value: DomainDns, ttlMs: number): Promise<void>;
  getCatchAll(domain: string): Promise<CatchAllFact | undefined>;
  setCatchAll(domain: string, value: CatchAllFact, ttlMs: number): Promise<void>;
  getAddress(email: string): Promise<VerifyResult | undefined>;
  setAddress(email: string, value: VerifyResult, ttlMs: number): Promise<void>;
  /** Optional batch forms: one round trip for a domain's addresses (a database cache wants them). */
  getAddresses?(emails: string[]): Promise<Map<string, VerifyResult>>;
  setAddresses?(entries: ReadonlyArray<readonly [string, VerifyResult]>, ttlMs: number): Promise<void>;
}

/** A domain's cached results, in one call when the cache can batch. */
export const getAddresses = async (
  cache: VerifyCache,
  emails: string[],
): Promise<Map<string, VerifyResult>> => {
  if (cache.getAddresses) return cache.getAddresses(emails);
  const found = new Map<string, VerifyResult>();
  for (const email of emails) {
    const hit = await cache.getAddress(email);
    if (hit) found.set(email, hit);
  }
  return found;
};

export const setAddresses = async (
  cache: VerifyCache,
  entries: ReadonlyArray<readonly [string, VerifyResult]>,
  ttlMs: number,
): Promise<void> => {
  if (cache.setAddresses) return cache.setAddresses(entries, ttlMs);
  for (const [email, value] of entries) await cache.setAddress(email, value, ttlMs);
};

class TtlMap<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  constructor(
    private readonly now: () => number,
    private readonly maxEntries: number,
  ) {}
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }
  set(key: string, value: T, ttlMs: number): void {
    // Map keeps insertion order: drop the oldest entry when full.
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + ttlMs });
  }
}

/** The in-process cache (bounded, expiring); a database-backed one implements the same interface. */
export const createMemoryCache = (options: { now?: () => number; maxEntries?: number } = {}): VerifyCache => {
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 100_000;
  const domains = new TtlMap<DomainDns>(now, max);
  const catchAll = new TtlMap<CatchAllFact>(now, max);
  const addresses = new TtlMap<VerifyResult>(now, max);
  return {
    getDomain: async (domain) => domains.get(domain),
    setDomain: async (domain, value, ttl) => domains.set(domain, value, ttl),
    getCatchAll: async (domain) => catchAll.get(domain),
    setCatchAll: async (domain, value, ttl) => catchAll.set(domain, value, ttl),
    getAddress: async (email) => addresses.get(email),
    setAddress: async (email, value, ttl) => addresses.set(email, value, ttl),
  };
};
