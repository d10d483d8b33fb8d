import type { Db } from '@dossier/db';
import { resolveEntityId } from '../person/redirects.js';
import { type Identifier, identifierValue, type RequestTarget } from './identifiers.js';
import { erasureRow, holdersOf, redirectedTo } from './store.js';

/** The people a request names: a person id (after merges) or everyone holding the identifier. */
export async function peopleFor(db: Db, target: RequestTarget): Promise<string[]> {
  if (target.kind === 'person') {
    const { id } = await resolveEntityId(db, target.id);
    return [id];
  }
  return peopleHolding(db, [target.identifier]);
}

/** Everyone whose stored emails, phones or LinkedIn profiles include one of `identifiers`. */
export async function peopleHolding(db: Db, identifiers: Identifier[]): Promise<string[]> {
  const of = (kind: string) => identifiers.filter((i) => i.startsWith(`${kind}:`)).map(identifierValue);
  const [emails, phones, profiles] = [of('email'), of('phone'), of('linkedin')];
  const ids = new Set(await holdersOf(db, { emails, phones, profiles }));
  return [...ids].sort();
}

/** Ids merged into `ids` (followed back through chains of merges). */
export async function mergedInto(db: Db, ids: string[]): Promise<string[]> {
  const found = new Set<string>();
  let frontier = ids;
  for (let hop = 0; hop < 8 && frontier.length; hop++) {
    const rows = await redirectedTo(db, frontier);
    frontier = rows.filter((id) => !found.has(id) && !ids.includes(id));
    for (const id of frontier) found.add(id);
  }
  return [...found].sort();
}

/** The erasure that removed `id`, if one did. */
export async function erasureOf(db: Db, id: string): Promise<{ ref: string; erasedAt: Date } | null> {
  const row = await erasureRow(db, id);
  return row ? { ref: row.requestRef, erasedAt: row.erasedAt } : null;
}
