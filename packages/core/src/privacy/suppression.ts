import type { Db } from '@dossier/db';
import { DossierError } from '../errors.js';
import { textArray } from '../shared/sql-rows.js';
import { type Identifier, identifierKind } from './identifiers.js';
import { hasInstanceSecret, identifierHash } from './secret.js';
import { anySuppression, deleteValueSources, insertSuppressions, suppressedHashes } from './store.js';

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
    if (await anySuppression(db))
      throw new DossierError(
        'unavailable',
        'The suppression list cannot be checked: the instance secret is not set',
      );
    return found;
  }
  const byHash = suppressionKeys(unique);
  for (const hash of await suppressedHashes(db, [...byHash.keys()]))
    found.add(byHash.get(hash) as Identifier);
  return found;
}

/**
 * Each identifier by its hash on the suppression list, for a statement that checks the list and
 * answers hashes. Needs the instance secret (`hasInstanceSecret`).
 */
export const suppressionKeys = <T extends Identifier>(identifiers: Iterable<T>): Map<string, T> =>
  new Map([...identifiers].map((id) => [identifierHash(id), id]));

/**
 * The suppression-list hashes of `identifiers` as one text[] parameter, for a statement that checks
 * the list itself (`findCandidates`, enrich/store.ts); null when there are none to check, or when
 * the instance secret is not set (then `suppressedAmong` must decide, in its own statement).
 */
export function suppressionHashes(identifiers: readonly Identifier[]): string | null {
  if (identifiers.length === 0 || !hasInstanceSecret()) return null;
  return textArray([...new Set(identifiers.map(identifierHash))]);
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
  return insertSuppressions(db, rows);
}

/**
 * Removes identifiers from people who keep their record (someone else holding an erased person's
 * address, or a person who asked not to be contacted): which sources gave them, and the resolver's
 * blocking keys built from them.
 */
export async function forgetValues(db: Db, holders: string[], values: string[]): Promise<void> {
  if (holders.length === 0 || values.length === 0) return;
  await deleteValueSources(db, holders, values);
}
