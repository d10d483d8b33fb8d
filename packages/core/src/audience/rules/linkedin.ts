import { normalizeEmail } from '../email.js';
import { countryCode } from '../location.js';
import { plainName } from '../person.js';
import type { NetworkRules } from './types.js';

// LinkedIn Matched Audiences: DMP Segment Users (learn.microsoft.com/en-us/linkedin/marketing/
// matched-audiences/create-and-manage-segment-users): userIds with idType SHA256_EMAIL (SHA-256
// lowercase hex of the trimmed, lower-cased address; no gmail rule), and firstName, lastName
// (plain text, at most 35 characters) and country (ISO two-letter code, e.g. US), unhashed.
// CSV: the contact-list template headers email, firstname, lastname, country.
export const linkedinRules: NetworkRules = {
  network: 'linkedin',
  fields: [
    {
      field: 'email',
      key: 'SHA256_EMAIL',
      csv: 'email',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    {
      field: 'first_name',
      key: 'firstName',
      csv: 'firstname',
      encoding: 'plain',
      normalize: (raw) => limit(plainName(raw)),
    },
    {
      field: 'last_name',
      key: 'lastName',
      csv: 'lastname',
      encoding: 'plain',
      normalize: (raw) => limit(plainName(raw)),
    },
    {
      field: 'country',
      key: 'country',
      csv: 'country',
      encoding: 'plain',
      normalize: (raw) => countryCode(raw),
    },
  ],
};

function limit(value: ReturnType<typeof plainName>): ReturnType<typeof plainName> {
  if (typeof value !== 'string') return value;
  return [...value].length > 35 ? { invalid: 'LinkedIn takes names of at most 35 characters' } : value;
}
