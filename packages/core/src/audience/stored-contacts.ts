import type { Db } from '@dossier/db';
import type { AudienceContact } from './schema.js';
import { emailOwners, peopleWithContacts, redirectsFrom } from './store.js';

const maxValues = 10;

interface Stored {
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  emails: string[];
  phones: string[];
  /** X (Twitter) handles from stored profiles. */
  handles: string[];
}

/**
 * Stored X handles go into a contact only for X, the one network that takes them: for any other
 * they would only add a rejection to every contact.
 */
export interface StoredContactOptions {
  handles?: boolean;
}

const merge = (given: string | string[] | undefined, extra: string[]): string[] => {
  const values = given === undefined ? [] : Array.isArray(given) ? given : [given];
  const seen = new Set(values.map((v) => v.trim().toLowerCase()));
  for (const value of extra)
    if (!seen.has(value.toLowerCase()) && values.length < maxValues) values.push(value);
  return values;
};

async function storedPeople(
  db: Db,
  ids: string[],
  options: StoredContactOptions,
): Promise<Map<string, Stored>> {
  const found = new Map<string, Stored>();
  if (ids.length === 0) return found;
  const { rows, emails, phones, profiles } = await peopleWithContacts(db, ids, options);
  for (const p of rows)
    found.set(p.id, {
      firstName: p.firstName,
      lastName: p.lastName,
      country: p.country,
      emails: [],
      phones: [],
      handles: [],
    });
  for (const p of profiles) found.get(p.personId)?.handles.push(p.handle);
  // Addresses known to bounce would only add noise to a match.
  for (const e of emails) if (e.status !== 'invalid') found.get(e.personId)?.emails.push(e.email);
  for (const p of phones) found.get(p.personId)?.phones.push(p.e164);
  return found;
}

/** Follows merge redirects so an old id still finds its survivor. */
async function survivors(db: Db, ids: string[]): Promise<Map<string, string>> {
  const map = new Map(ids.map((id) => [id, id]));
  if (ids.length === 0) return map;
  const redirects = await redirectsFrom(db, ids);
  for (const r of redirects) map.set(r.fromId, r.toId);
  return map;
}

/** Contacts for stored people, by id; ids that match nobody are returned apart. */
export async function contactsForPeople(db: Db, ids: string[], options: StoredContactOptions = {}) {
  const resolved = await survivors(db, ids);
  const stored = await storedPeople(db, [...new Set(resolved.values())], options);
  const contacts: { personId: string; contact: AudienceContact }[] = [];
  const notFound: string[] = [];
  for (const id of ids) {
    const person = stored.get(resolved.get(id) as string);
    if (!person) {
      notFound.push(id);
      continue;
    }
    contacts.push({
      personId: resolved.get(id) as string,
      contact: {
        email: person.emails.slice(0, maxValues),
        phone: person.phones.slice(0, maxValues),
        first_name: person.firstName ?? undefined,
        last_name: person.lastName ?? undefined,
        country: person.country ?? undefined,
        ...(person.handles[0] ? { handle: person.handles[0] } : {}),
      },
    });
  }
  return { contacts, notFound };
}

/** Appends the stored emails and phones of people known by one of a contact's emails. */
export async function enrichContacts(
  db: Db,
  contacts: AudienceContact[],
  options: StoredContactOptions = {},
): Promise<AudienceContact[]> {
  const emailsOf = (c: AudienceContact) =>
    c.email === undefined ? [] : Array.isArray(c.email) ? c.email : [c.email];
  const all = [...new Set(contacts.flatMap(emailsOf).map((e) => e.trim().toLowerCase()))];
  if (all.length === 0) return contacts;
  const owners = new Map<string, string>();
  for (let i = 0; i < all.length; i += 5000) {
    const rows = await emailOwners(db, all.slice(i, i + 5000));
    for (const row of rows) owners.set(row.email, row.personId);
  }
  const stored = await storedPeople(db, [...new Set(owners.values())], options);
  return contacts.map((contact) => {
    const owner = emailsOf(contact)
      .map((e) => owners.get(e.trim().toLowerCase()))
      .find(Boolean);
    const person = owner ? stored.get(owner) : undefined;
    if (!person) return contact;
    return {
      ...contact,
      email: merge(contact.email, person.emails),
      phone: merge(contact.phone, person.phones),
      first_name: contact.first_name || person.firstName || undefined,
      last_name: contact.last_name || person.lastName || undefined,
      country: contact.country || person.country || undefined,
      ...(contact.handle || person.handles[0] ? { handle: contact.handle || person.handles[0] } : {}),
    };
  });
}
