import { normalizeEmail } from '../email.js';
import { stateLowerCode, zipLowerCompact } from '../location.js';
import { dobCompact, gender, lettersOnly, nameWithoutPunctuation } from '../person.js';
import { countryLower, phoneDigits, trimmedId } from './common.js';
import type { NetworkRules } from './types.js';

// Snapchat: Conversions API user_data parameters
// (developers.snap.com/api/marketing-api/Conversions-API/Parameters), all SHA-256 lowercase hex.
// Email: trim and lower case (Person@Example.com -> person@example.com); no gmail rule.
// Phone: country code included, any leading 00 and trunk 0 removed, no +, spaces, parentheses or
// dashes (+44 844 412 4653 -> 448444124653).
// CSV: the Snap Audience Match customer-list schema names (developers.snap.com/api/marketing-api/
// Ads-API/customer-lists): EMAIL_SHA256, PHONE_SHA256; other user_data fields have no list column.
export const snapchatRules: NetworkRules = {
  network: 'snapchat',
  fields: [
    {
      field: 'email',
      key: 'em',
      csv: 'EMAIL_SHA256',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    { field: 'phone', key: 'ph', csv: 'PHONE_SHA256', encoding: 'sha256_hex', normalize: phoneDigits },
    {
      // Lower case, no punctuation.
      field: 'first_name',
      key: 'fn',
      encoding: 'sha256_hex',
      normalize: (raw) => nameWithoutPunctuation(raw),
    },
    {
      field: 'last_name',
      key: 'ln',
      encoding: 'sha256_hex',
      normalize: (raw) => nameWithoutPunctuation(raw),
    },
    {
      // Lower case, no spaces or punctuation.
      field: 'city',
      key: 'ct',
      encoding: 'sha256_hex',
      normalize: (raw) => lettersOnly(raw, 'city'),
    },
    {
      // Two-letter state code in lower case.
      field: 'state',
      key: 'st',
      encoding: 'sha256_hex',
      normalize: (raw, context) => stateLowerCode(raw, context.country),
    },
    {
      // Lower case, no spaces; US five digits.
      field: 'zip',
      key: 'zp',
      encoding: 'sha256_hex',
      normalize: (raw, context) => zipLowerCompact(raw, context.country),
    },
    {
      // Two-letter ISO country code in lower case.
      field: 'country',
      key: 'country',
      encoding: 'sha256_hex',
      normalize: (raw) => countryLower(raw),
    },
    // YYYYMMDD.
    { field: 'dob', key: 'db', encoding: 'sha256_hex', normalize: (raw) => dobCompact(raw) },
    // f or m.
    { field: 'gender', key: 'ge', encoding: 'sha256_hex', normalize: (raw) => gender(raw) },
    // The advertiser's user id, hashed.
    { field: 'external_id', key: 'external_id', encoding: 'sha256_hex', normalize: (raw) => trimmedId(raw) },
  ],
};
