/**
 * The row shapes of the contact read model (packages/db/sql/contact-read-model.sql), declared once on
 * this side: the SQL builds them as positional JSON arrays, because those parse in about half the time
 * of the same values with their keys, and these types and parsers are the only readers of the
 * positions. `test/contact-read-model.test.ts` builds each shape in SQL and parses it here.
 */

/** `person_contact_cards.emails`: best first (`dossier_contact_rank`). */
export type CardEmail = [email: string, type: 'work' | 'personal', status: string];
/** `person_contact_cards.phones`: best first. */
export type CardPhone = [number: string, type: 'mobile' | 'direct' | 'office', status: string];
/** `person_contact_cards.profiles`. */
export type CardProfile = [network: string, url: string];

export interface ContactCard {
  emails: Array<{ email: string; type: CardEmail[1]; status: string }>;
  phones: Array<{ number: string; type: CardPhone[1]; status: string }>;
  profiles: Array<{ network: string; url: string }>;
}

export const parseCardEmails = (list: CardEmail[]): ContactCard['emails'] =>
  list.map(([email, type, status]) => ({ email, type, status }));
export const parseCardPhones = (list: CardPhone[]): ContactCard['phones'] =>
  list.map(([number, type, status]) => ({ number, type, status }));
export const parseCardProfiles = (list: CardProfile[]): ContactCard['profiles'] =>
  list.map(([network, url]) => ({ network, url }));

/**
 * The people row's identity, role and place columns in the order a positional JSON row starts with
 * them: a kept contact (`ListedContactRow`) and a person record (`PersonRow`, packages/core person/store.ts).
 */
export type PersonIdentityRow = [
  id: string,
  fullName: string,
  firstName: string | null,
  lastName: string | null,
  title: string | null,
  seniority: string | null,
  department: string | null,
  city: string | null,
  region: string | null,
  country: string | null,
];

/** One element of `company_contact_lists.contacts` (`dossier_refresh_contact_lists`). */
export type ListedContactRow = [
  ...PersonIdentityRow,
  emails: CardEmail[],
  phones: CardPhone[],
  profiles: CardProfile[],
];

/** A person's identity and role columns as the people table holds them and JSON answers carry them. */
export interface PersonRoleColumns {
  id: string;
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  seniority: string | null;
  department: string | null;
}

export interface ListedContact extends ContactCard, PersonRoleColumns {
  location: { city: string | null; region: string | null; country: string | null };
}

export const parseListedContact = (a: ListedContactRow): ListedContact => ({
  id: a[0],
  full_name: a[1],
  first_name: a[2],
  last_name: a[3],
  title: a[4],
  seniority: a[5],
  department: a[6],
  location: { city: a[7], region: a[8], country: a[9] },
  emails: parseCardEmails(a[10]),
  phones: parseCardPhones(a[11]),
  profiles: parseCardProfiles(a[12]),
});

/** How many contacts `company_contact_lists` keeps per company (the `LIMIT 10` of its function). */
export const contactListSize = 10;
