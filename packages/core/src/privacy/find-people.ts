import {
  type Db,
  entityRedirects,
  personEmails,
  personPhones,
  personProfiles,
  privacyErasures,
} from '@dossier/db';
import { and, eq, inArray } from 'drizzle-orm';
import { resolveEntityId } from '../person/redirects.js';
import { type Identifier, identifierValue, type RequestTarget } from './identifiers.js';

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
  const ids = new Set<string>();
  if (emails.length)
    for (const r of await db
      .select({ id: personEmails.personId })
      .from(personEmails)
      .where(inArray(personEmails.email, emails)))
      ids.add(r.id);
  if (phones.length)
    for (const r of await db
      .select({ id: personPhones.personId })
      .from(personPhones)
      .where(inArray(personPhones.e164, phones)))
      ids.add(r.id);
  if (profiles.length)
    for (const r of await db
      .select({ id: personProfiles.personId })
      .from(personProfiles)
      .where(and(eq(personProfiles.network, 'linkedin'), inArray(personProfiles.handle, profiles))))
      ids.add(r.id);
  return [...ids].sort();
}

/** Ids merged into `ids` (followed back through chains of merges). */
export async function mergedInto(db: Db, ids: string[]): Promise<string[]> {
  const found = new Set<string>();
  let frontier = ids;
  for (let hop = 0; hop < 8 && frontier.length; hop++) {
    const rows = await db
      .select({ fromId: entityRedirects.fromId })
      .from(entityRedirects)
      .where(inArray(entityRedirects.toId, frontier));
    frontier = rows.map((r) => r.fromId).filter((id) => !found.has(id) && !ids.includes(id));
    for (const id of frontier) found.add(id);
  }
  return [...found].sort();
}

/** The erasure that removed `id`, if one did. */
export async function erasureOf(db: Db, id: string): Promise<{ ref: string; erasedAt: Date } | null> {
  const [row] = await db.select().from(privacyErasures).where(eq(privacyErasures.personId, id)).limit(1);
  return row ? { ref: row.requestRef, erasedAt: row.erasedAt } : null;
}
