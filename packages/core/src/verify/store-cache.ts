import { type Database, domainCatchAll, domainVerifications, emailVerifications } from '@dossier/db';
import { and, eq, gt, type SQLWrapper, sql } from 'drizzle-orm';
import { preparedData } from '../shared/prepared.js';
import { jsonListOf, textArray } from '../shared/sql-rows.js';
import type { VerifyCache } from './cache.js';
import type { CatchAllFact, DomainDns, VerifyResult } from './types.js';

/**
 * The verification cache in the database, so results survive restarts and every instance shares
 * them. Like the memory cache it stores only definitive facts: `unknown` results are refused here
 * too, and the verifier never hands over a temporary DNS failure.
 */
const BATCH = 500;

/**
 * SQL of the unexpired cached results for the addresses `emails` (a text[] value) at `now` (an ISO
 * time), as a JSON array of [email, result] pairs: read by `getAddresses`, and by enrich's email
 * finder beside its suppression check (`screenCandidates`).
 */
export const cachedAddressesSql = (emails: SQLWrapper, now: SQLWrapper) =>
  sql`coalesce((select json_agg(json_build_array(v.email, v.result)) from email_verifications v
    where v.email = any(${emails}::text[]) and v.expires_at > ${now}::timestamptz), '[]')`;

/** What `cachedAddressesSql` selects, as a map by address. */
export function cachedAddressesFromJson(data: unknown): Map<string, VerifyResult> {
  const pairs = jsonListOf<[string, VerifyResult]>(data);
  return new Map(pairs);
}

export const createDatabaseCache = (
  database: Database,
  options: { now?: () => number } = {},
): VerifyCache => {
  const { db } = database;
  const now = () => new Date((options.now ?? Date.now)());
  const until = (ttlMs: number) => new Date(now().getTime() + ttlMs);
  const setAddresses: NonNullable<VerifyCache['setAddresses']> = async (entries, ttlMs) => {
    const rows = entries
      .filter(([, value]) => value.status !== 'unknown')
      .map(([email, value]) => ({
        email,
        domain: email.slice(email.lastIndexOf('@') + 1),
        status: value.status,
        result: value as unknown as Record<string, unknown>,
        checkedAt: new Date(value.checked_at),
        expiresAt: until(ttlMs),
      }));
    for (let i = 0; i < rows.length; i += BATCH) {
      await db
        .insert(emailVerifications)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: emailVerifications.email,
          set: {
            domain: sql`excluded.domain`,
            status: sql`excluded.status`,
            result: sql`excluded.result`,
            checkedAt: sql`excluded.checked_at`,
            expiresAt: sql`excluded.expires_at`,
          },
        });
    }
  };

  return {
    async getDomain(domain) {
      const [row] = await db
        .select({ result: domainVerifications.result })
        .from(domainVerifications)
        .where(and(eq(domainVerifications.domain, domain), gt(domainVerifications.expiresAt, now())));
      return row ? (row.result as unknown as DomainDns) : undefined;
    },
    async setDomain(domain, value, ttlMs) {
      const row = {
        result: value as unknown as Record<string, unknown>,
        checkedAt: now(),
        expiresAt: until(ttlMs),
      };
      await db
        .insert(domainVerifications)
        .values({ domain, ...row })
        .onConflictDoUpdate({ target: domainVerifications.domain, set: row });
    },
    async getCatchAll(domain) {
      const [row] = await db
        .select()
        .from(domainCatchAll)
        .where(and(eq(domainCatchAll.domain, domain), gt(domainCatchAll.expiresAt, now())));
      return row
        ? ({ acceptAll: row.acceptAll, checkedAt: row.checkedAt.toISOString() } satisfies CatchAllFact)
        : undefined;
    },
    async setCatchAll(domain, value, ttlMs) {
      const row = {
        acceptAll: value.acceptAll,
        checkedAt: new Date(value.checkedAt),
        expiresAt: until(ttlMs),
      };
      await db
        .insert(domainCatchAll)
        .values({ domain, ...row })
        .onConflictDoUpdate({ target: domainCatchAll.domain, set: row });
    },
    async getAddress(email) {
      const [row] = await db
        .select({ result: emailVerifications.result })
        .from(emailVerifications)
        .where(and(eq(emailVerifications.email, email), gt(emailVerifications.expiresAt, now())));
      return row ? (row.result as unknown as VerifyResult) : undefined;
    },
    async getAddresses(emails) {
      const found = new Map<string, VerifyResult>();
      // Enrich's email finder reads here on every inferred address: one prepared statement, neither
      // built by the query builder nor planned again per call.
      const statement = preparedData(
        db,
        'verify_cached_addresses',
        () => sql`select ${cachedAddressesSql(sql.placeholder('emails'), sql.placeholder('now'))} as data`,
      );
      for (let i = 0; i < emails.length; i += BATCH) {
        const [row] = await statement.execute({
          emails: textArray(emails.slice(i, i + BATCH)),
          now: now().toISOString(),
        });
        for (const [email, result] of cachedAddressesFromJson(row?.data)) found.set(email, result);
      }
      return found;
    },
    async setAddress(email, value, ttlMs) {
      await setAddresses([[email, value]], ttlMs);
    },
    setAddresses,
  };
};
