import { normalizeEmail } from '../email.js';
import { statePlain, zipDigits } from '../location.js';
import { plainName } from '../person.js';
import { parsePhone } from '../phone.js';
import { invalidValue } from '../result.js';
import type { NetworkRules } from './types.js';

// LiveRamp: "Hashing Identifiers" and "Formatting Identifiers" (docs.liveramp.com/connect/en/
// hashing-identifiers.html, formatting-identifiers.html).
// Email: lower case, all whitespace removed, UTF-8, SHA-256 (MD5 and SHA-1 also accepted).
// Phone: SHA-1 of the number without country code, parentheses or hyphens:
// "+1 (555) 123-4567" -> "5551234567". Hashed phones are US numbers (EU files cannot carry them).
// Names and postal fields cannot be hashed ("too much variation"): sent as plain text under
// FIRSTNAME, LASTNAME, CITY, STATE, ZIP (5 or 9 digits, no hyphen).
// Hashed column headers carry the hash type and a number: EMAIL1_SHA-256, PHONE1_SHA-1.
export const liverampRules: NetworkRules = {
  network: 'liveramp',
  csvColumnsPerKey: 3,
  fields: [
    {
      field: 'email',
      key: 'EMAIL_SHA-256',
      csv: (index) => `EMAIL${index + 1}_SHA-256`,
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    {
      field: 'phone',
      key: 'PHONE_SHA-1',
      csv: (index) => `PHONE${index + 1}_SHA-1`,
      encoding: 'sha1_hex',
      normalize: (raw, context) => {
        const parsed = parsePhone(raw, context.country ?? 'US');
        if ('invalid' in parsed) return parsed;
        if (parsed.callingCode !== '1' || parsed.national.length !== 10) {
          return invalidValue('LiveRamp hashes 10-digit US phone numbers only');
        }
        return parsed.national;
      },
    },
    {
      field: 'first_name',
      key: 'FIRSTNAME',
      csv: 'FIRSTNAME',
      encoding: 'plain',
      normalize: (raw) => plainName(raw),
    },
    {
      field: 'last_name',
      key: 'LASTNAME',
      csv: 'LASTNAME',
      encoding: 'plain',
      normalize: (raw) => plainName(raw),
    },
    { field: 'city', key: 'CITY', csv: 'CITY', encoding: 'plain', normalize: (raw) => plainName(raw) },
    {
      field: 'state',
      key: 'STATE',
      csv: 'STATE',
      encoding: 'plain',
      normalize: (raw, context) => statePlain(raw, context.country),
    },
    {
      field: 'zip',
      key: 'ZIP',
      csv: 'ZIP',
      encoding: 'plain',
      normalize: (raw, context) => zipDigits(raw, context.country),
    },
  ],
};
