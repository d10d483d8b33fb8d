import { type Db, domainScans } from '@dossier/db';
import { and, eq, gt } from 'drizzle-orm';
import type { TtlCache } from '../technographics/cache.js';
import type { ScanResult } from '../technographics/scan-domain.js';

// scanDomain keys entries `technographics:<domain>`; the table is keyed by the domain alone.
const domainOf = (key: string) => key.replace(/^technographics:/, '');

/** Live scans kept in the domain_scans table, shared by every instance on the database. */
export const createScanCache = (db: Db, now: () => Date = () => new Date()): TtlCache<ScanResult> => ({
  async get(key) {
    const [row] = await db
      .select({ result: domainScans.result })
      .from(domainScans)
      .where(and(eq(domainScans.domain, domainOf(key)), gt(domainScans.expiresAt, now())))
      .limit(1);
    return row ? (row.result as unknown as ScanResult) : undefined;
  },
  async set(key, value, ttlMs) {
    const fetchedAt = now();
    const row = {
      domain: domainOf(key),
      result: value as unknown as Record<string, unknown>,
      fetchedAt,
      expiresAt: new Date(fetchedAt.getTime() + ttlMs),
    };
    await db
      .insert(domainScans)
      .values(row)
      .onConflictDoUpdate({
        target: domainScans.domain,
        set: { result: row.result, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt },
      });
  },
});
