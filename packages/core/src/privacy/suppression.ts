import { type Db, privacySuppressions } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { DossierError } from '../errors.js';
import { anyText } from '../shared/any-text.js';
import { textArray } from '../shared/sql-rows.js';
import { type Identifier, identifierKind } from './identifiers.js';
import { hasInstanceSecret, identifierHash } from './secret.js';

/** The reason a rejected row carries: it names no personal data, only that the row was refused. */
export const SUPPRESSED_REASON =
  'suppressed: an identifier of this record is on the privacy suppression list';

/**
 * Which of `identifiers` are suppressed: one indexed lookup for the lot. Without the instance secret
 * the list cannot be read; that is only acceptable while it is empty (tests, tools that never erase).
 */
export async function suppressedAmong(db: Db, identifiers: Iterable<Identifier>): Promise<Set<Identifier>> {
  const unique = [...new Set(identifiers)];
  const found = new Set<Identifier>();
  if (unique.length === 0) return found;
  if (!hasInstanceSecret()) {
    const [any] = await db.select({ one: sql`1` }).from(privacySuppressions).limit(1);
    if (any)
      throw new DossierError(
        'unavailable',
        'The suppression list cannot be checked: the instance secret is not set',
      );
    return found;
  }
  const byHash = new Map(unique.map((id) => [identifierHash(id), id]));
  const rows = await db
    .select({ hash: privacySuppressions.hash })
    .from(privacySuppressions)
    .where(anyText(privacySuppressions.hash, [...byHash.keys()]));
  for (const row of rows) found.add(byHash.get(row.hash) as Identifier);
  return found;
}

export async function isSuppressed(db: Db, identifier: Identifier): Promise<boolean> {
  return (await suppressedAmong(db, [identifier])).size > 0;
}

/** Adds identifiers to the list (again is a no-op); returns how many were new. */
export async function suppress(
  db: Db,
  identifiers: Iterable<Identifier>,
  requestRef: string,
): Promise<number> {
  const rows = [...new Set(identifiers)].map((id) => ({
    hash: identifierHash(id),
    kind: identifierKind(id),
    requestRef,
  }));
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(privacySuppressions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ hash: privacySuppressions.hash });
  return inserted.length;
}

/**
 * Removes identifiers from people who keep their record (someone else holding an erased person's
 * address, or a person who asked not to be contacted): which sources gave them, and the resolver's
 * blocking keys built from them.
 */
export async function forgetValues(db: Db, holders: string[], values: string[]): Promise<void> {
  if (holders.length === 0 || values.length === 0) return;
  await db.execute(
    sql`delete from person_value_sources where person_id = any(${textArray(holders)}::text[]) and value = any(${textArray(values)}::text[])`,
  );
  await db.execute(
    sql`delete from person_keys where person_id = any(${textArray(holders)}::text[]) and exists (select 1 from unnest(${textArray(values)}::text[]) v where strpos(key, v) > 0)`,
  );
}
