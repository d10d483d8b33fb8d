import { normalizeEmail } from '../email.js';
import { countryCode, zipTrimmed } from '../location.js';
import { googleFamilyName, googleGivenName } from '../person.js';
import { maidLower, phoneE164, trimmedId } from './common.js';
import type { NetworkRules } from './types.js';

// Google Ads Customer Match and the Data Manager API.
// Rules: developers.google.com/data-manager/api/get-started/formatting ("Format user data") and
// the reference formatter googleads/data-manager-node util/src/formatter.ts.
// Keys: Google Ads API UserIdentifier (hashed_email, hashed_phone_number, mobile_id,
// third_party_user_id) and OfflineUserAddressInfo (hashed_first_name, hashed_last_name,
// country_code, postal_code).
// CSV: the Customer Match contact-info template (support.google.com/google-ads/answer/7659867):
// Email, Phone, First Name, Last Name, Country, Zip; hashed values go under the same headers.
const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const ADDRESS_KEYS = ['hashed_first_name', 'hashed_last_name', 'country_code', 'postal_code'];
const ADDRESS_FIELDS: Record<string, string> = {
  hashed_first_name: 'first_name',
  hashed_last_name: 'last_name',
  country_code: 'country',
  postal_code: 'zip',
};

export const googleRules: NetworkRules = {
  network: 'google',
  csvColumnsPerKey: 3,
  fields: [
    {
      // Lower case; whitespace removed; for gmail.com and googlemail.com only, dots and a +suffix
      // are removed from the local part (the domain is kept as sent).
      field: 'email',
      key: 'hashed_email',
      csv: 'Email',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw, { gmailDomains: GMAIL }),
    },
    {
      // E.164: `+`, country code, number; (800)555-0100 in the US is +18005550100.
      field: 'phone',
      key: 'hashed_phone_number',
      csv: 'Phone',
      encoding: 'sha256_hex',
      normalize: phoneE164,
    },
    {
      // Lower case, trimmed, without prefixes such as Mrs.
      field: 'first_name',
      key: 'hashed_first_name',
      csv: 'First Name',
      encoding: 'sha256_hex',
      normalize: googleGivenName,
    },
    {
      // Lower case, trimmed, without suffixes such as Jr.
      field: 'last_name',
      key: 'hashed_last_name',
      csv: 'Last Name',
      encoding: 'sha256_hex',
      normalize: googleFamilyName,
    },
    {
      // Two-letter ISO-3166-1 alpha-2, sent unhashed.
      field: 'country',
      key: 'country_code',
      csv: 'Country',
      encoding: 'plain',
      normalize: (raw) => countryCode(raw),
    },
    {
      // Postal code trimmed, sent unhashed (US 5-digit or ZIP+4, other countries as written).
      field: 'zip',
      key: 'postal_code',
      csv: 'Zip',
      encoding: 'plain',
      normalize: (raw) => zipTrimmed(raw),
    },
    {
      // CRM id lists (CustomerMatchUploadKeyType CRM_ID): the advertiser's id, unhashed. It goes
      // in a separate user-id list, so it has no column in the contact-info file.
      field: 'external_id',
      key: 'third_party_user_id',
      encoding: 'plain',
      normalize: (raw) => trimmedId(raw),
    },
    {
      // Mobile id lists (MOBILE_ADVERTISING_ID): IDFA or AAID, unhashed, also a separate list.
      field: 'maid',
      key: 'mobile_id',
      encoding: 'plain',
      normalize: (raw) => maidLower(raw),
    },
  ],
  // Google matches a mailing address only with first name, last name, country and zip together.
  finalize: (identifiers, rejected) => {
    const present = ADDRESS_KEYS.filter((key) => identifiers.has(key));
    if (present.length === 0 || present.length === ADDRESS_KEYS.length) return;
    for (const key of present) {
      identifiers.delete(key);
      rejected.push({
        field: ADDRESS_FIELDS[key] ?? key,
        reason: 'Google matches an address only with first_name, last_name, country and zip together',
      });
    }
  },
};
