import { maskEmail, maskPhone } from '../shared/mask.js';
import type { PersonRecord } from './schema.js';

/** Emails and phones partly hidden, for keys without the `pii` scope. */
export const maskPerson = (person: PersonRecord): PersonRecord => ({
  ...person,
  emails: person.emails.map((e) => ({ ...e, email: maskEmail(e.email) })),
  phones: person.phones.map((p) => ({ ...p, number: maskPhone(p.number) })),
  masked: true,
});
