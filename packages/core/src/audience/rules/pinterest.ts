import { normalizeEmail } from '../email.js';
import { stateLowerCode, zipLowerCompact } from '../location.js';
import { basicName, dobCompact, gender, lettersOnly } from '../person.js';
import { invalidValue } from '../result.js';
import { countryLower, maidLower, phoneDigits, trimmedId } from './common.js';
import type { NetworkRules } from './types.js';

// Pinterest: Conversions API user_data (developers.pinterest.com/docs/api/v5/events-create; the
// generated SDK's ConversionEventsUserDataProperties), every field SHA-256 lowercase hex:
// em lower-case email (no gmail rule); ph digits only with country code, no symbols, letters,
// spaces or leading zeros; fn and ln lower case; ge lower case (f, m, n); db YYYYMMDD; ct lower
// case without spaces or punctuation; st two-letter code in lower case; zp lower case without
// spaces; country two-letter ISO code in lower case; hashed_maids the GAID or IDFA.
// CSV: customer lists take emails and MAIDs (CustomerListRequest: "Emails must be lowercase and
// can be plain text or hashed using SHA1, SHA256, or MD5"), one column each: email, maid.
export const pinterestRules: NetworkRules = {
  network: 'pinterest',
  fields: [
    {
      field: 'email',
      key: 'em',
      csv: 'email',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    { field: 'phone', key: 'ph', encoding: 'sha256_hex', normalize: phoneDigits },
    {
      field: 'first_name',
      key: 'fn',
      encoding: 'sha256_hex',
      normalize: (raw) => basicName(raw) || invalidValue('empty name'),
    },
    {
      field: 'last_name',
      key: 'ln',
      encoding: 'sha256_hex',
      normalize: (raw) => basicName(raw) || invalidValue('empty name'),
    },
    { field: 'city', key: 'ct', encoding: 'sha256_hex', normalize: (raw) => lettersOnly(raw, 'city') },
    {
      field: 'state',
      key: 'st',
      encoding: 'sha256_hex',
      normalize: (raw, context) => stateLowerCode(raw, context.country),
    },
    {
      field: 'zip',
      key: 'zp',
      encoding: 'sha256_hex',
      normalize: (raw, context) => zipLowerCompact(raw, context.country),
    },
    { field: 'country', key: 'country', encoding: 'sha256_hex', normalize: (raw) => countryLower(raw) },
    { field: 'dob', key: 'db', encoding: 'sha256_hex', normalize: (raw) => dobCompact(raw) },
    { field: 'gender', key: 'ge', encoding: 'sha256_hex', normalize: (raw) => gender(raw, true) },
    { field: 'external_id', key: 'external_id', encoding: 'sha256_hex', normalize: (raw) => trimmedId(raw) },
    {
      field: 'maid',
      key: 'hashed_maids',
      csv: 'maid',
      encoding: 'sha256_hex',
      normalize: (raw) => maidLower(raw),
    },
  ],
};
