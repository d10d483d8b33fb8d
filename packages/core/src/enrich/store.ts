import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import type { Identifier } from '../privacy/identifiers.js';
import { hasInstanceSecret, identifierHash } from '../privacy/secret.js';
import { suppressedAmong } from '../privacy/suppression.js';
import { preparedData } from '../shared/prepared.js';

/**
 * Which of `identifiers` are on the privacy suppression list, as `suppressedAmong`
 * (packages/core/src/privacy/suppression.ts) answers it, through one prepared statement: enrich
 * checks on every person request, and building the query each time cost more Node time than the
 * indexed lookup itself. Without the instance secret `suppressedAmong` decides (it refuses when
 * the list is not empty).
 */
export async function suppressedForEnrich(
  db: Db,
  identifiers: Iterable<Identifier>,
): Promise<Set<Identifier>> {
  const unique = [...new Set(identifiers)];
  if (unique.length === 0) return new Set();
  if (!hasInstanceSecret()) return suppressedAmong(db, unique);
  const byHash = new Map(unique.map((id) => [identifierHash(id), id]));
  const [row] = await preparedData(
    db,
    'enrich_suppressed_hashes',
    () => sql`select coalesce(json_agg(s.hash), '[]') as data from privacy_suppressions s
      where s.hash = any(${sql.placeholder('hashes')}::text[])`,
  ).execute({ hashes: hashArray(byHash.keys()) });
  const data = row?.data ?? [];
  const hashes = (typeof data === 'string' ? JSON.parse(data) : data) as string[];
  return new Set(hashes.map((hash) => byHash.get(hash) as Identifier));
}

/** The hashes are base64url (letters, digits, - and _): as a PostgreSQL array literal they need no quoting. */
const hashArray = (hashes: Iterable<string>) => `{${[...hashes].join(',')}}`;

/**
 * The suppression-list hashes of `identifiers` as one array parameter, for a statement that checks
 * the list itself (`findCandidates`, lookups.ts); null when there are none to check, or when
 * the instance secret is not set (then `suppressedForEnrich` must decide, in its own statement).
 */
export function suppressionHashes(identifiers: readonly Identifier[]): string | null {
  if (identifiers.length === 0 || !hasInstanceSecret()) return null;
  return hashArray(new Set(identifiers.map(identifierHash)));
}
