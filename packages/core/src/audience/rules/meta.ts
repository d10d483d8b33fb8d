import { normalizeEmail } from '../email.js';
import { stateLowerCode, zipMeta } from '../location.js';
import { dobCompact, gender, lettersOnly, nameWithoutPunctuation } from '../person.js';
import { countryLower, maidLower, phoneDigits } from './common.js';
import type { NetworkRules } from './types.js';

// Meta (Facebook, Instagram): Conversions API "Customer Information Parameters"
// (developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters)
// and the Business SDK's ServerSideUtils (facebook-nodejs-business-sdk
// src/objects/serverside/utils.js), which trims and lower-cases every field before its own rule.
// No gmail rule: john_smith@gmail.com hashes as written.
// CSV: the customer-list template headers (facebook.com/business/help/2082575038703844):
// email, phone, fn, ln, ct, st, zip, country, dob, gen, madid; up to three email and phone columns.
export const metaRules: NetworkRules = {
  network: 'meta',
  csvColumnsPerKey: 3,
  fields: [
    {
      // Trim, lower case.
      field: 'email',
      key: 'em',
      csv: 'email',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    {
      // Digits only with the country code: no +, no leading 00, no trunk 0. (650)555-1212 -> 16505551212.
      field: 'phone',
      key: 'ph',
      csv: 'phone',
      encoding: 'sha256_hex',
      normalize: phoneDigits,
    },
    {
      // Lower case, no punctuation; UTF-8 for special characters (NFC so composed forms agree).
      field: 'first_name',
      key: 'fn',
      csv: 'fn',
      encoding: 'sha256_hex',
      normalize: (raw) => nameWithoutPunctuation(raw),
    },
    {
      field: 'last_name',
      key: 'ln',
      csv: 'ln',
      encoding: 'sha256_hex',
      normalize: (raw) => nameWithoutPunctuation(raw),
    },
    {
      // Lower case, no punctuation, no special characters, no spaces: "menlopark".
      field: 'city',
      key: 'ct',
      csv: 'ct',
      encoding: 'sha256_hex',
      normalize: (raw) => lettersOnly(raw, 'city'),
    },
    {
      // Two-letter ANSI code in lower case for US states; elsewhere lower case, letters only.
      field: 'state',
      key: 'st',
      csv: 'st',
      encoding: 'sha256_hex',
      normalize: (raw, context) => stateLowerCode(raw, context.country),
    },
    {
      // Lower case, no spaces or dashes; US: the first 5 digits only; UK: area, district and
      // sector (M1 1AE -> m11), per the same page and the customer-list formatting guide.
      field: 'zip',
      key: 'zp',
      csv: 'zip',
      encoding: 'sha256_hex',
      normalize: (raw, context) => zipMeta(raw, context.country),
    },
    {
      // Two-letter ISO 3166-1 alpha-2 in lower case, hashed.
      field: 'country',
      key: 'country',
      csv: 'country',
      encoding: 'sha256_hex',
      normalize: (raw) => countryLower(raw),
    },
    {
      // YYYYMMDD.
      field: 'dob',
      key: 'db',
      csv: 'dob',
      encoding: 'sha256_hex',
      normalize: (raw) => dobCompact(raw),
    },
    {
      // f or m.
      field: 'gender',
      key: 'ge',
      csv: 'gen',
      encoding: 'sha256_hex',
      normalize: (raw) => gender(raw),
    },
    {
      // Hashing recommended; the SDK trims and lower-cases it first.
      field: 'external_id',
      key: 'external_id',
      encoding: 'sha256_hex',
      normalize: (raw) => raw.trim().toLowerCase() || { invalid: 'empty id' },
    },
    {
      // Mobile advertiser id: not hashed, lower case with hyphens.
      field: 'maid',
      key: 'madid',
      csv: 'madid',
      encoding: 'plain',
      normalize: (raw) => maidLower(raw),
    },
  ],
};
