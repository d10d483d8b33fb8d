import { normalizeEmail } from '../email.js';
import { invalidValue, type Normalized } from '../result.js';
import { maidLower, phoneE164, trimmedId } from './common.js';
import type { NetworkRules } from './types.js';

// X (Twitter) Custom Audiences: "Custom Audiences User Data" (developer.x.com/en/docs/x-ads-api/
// audiences/overview/user-data): SHA-256 without salt, output in lower-case hex.
// Email: lower case, leading and trailing spaces removed; no gmail rule.
// Device ids: IDFA lower case with dashes (AdID as on the device, which is also lower case).
// Phone: X lists phone numbers among list identifiers without its own rule; we send E.164.
// Handle: lower case, without the leading `@`. Twitter id: the numeric user id as decimal digits.
// Keys: the Custom Audience Users endpoint (email, phone_number, handle, twitter_id, device_id,
// partner_user_id, the last one unhashed). CSV: X list files carry one identifier type per column,
// named after the key.

// X usernames: letters, digits and underscores, at most 15 characters.
const HANDLE = /^[a-z0-9_]{1,15}$/;
const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:twitter|x)\.com\/([^/?#]+)\/?(?:[?#].*)?$/i;

/** `@AdsAPI`, `AdsAPI` or `https://x.com/AdsAPI` -> `adsapi`. */
export const xHandle = (raw: string): Normalized => {
  const trimmed = raw.trim();
  const value = (PROFILE_URL.exec(trimmed)?.[1] ?? trimmed).replace(/^@/, '').toLowerCase();
  return HANDLE.test(value) ? value : invalidValue('not an X handle (letters, digits and _, at most 15)');
};

/** A numeric X user id (64-bit), as decimal digits without leading zeros. */
export const xUserId = (raw: string): Normalized => {
  const value = raw.trim();
  if (!/^\d{1,20}$/.test(value)) return invalidValue('not an X user id (digits only)');
  const id = BigInt(value);
  return id > 0n && id < 2n ** 64n ? id.toString() : invalidValue('not an X user id (out of range)');
};

export const xRules: NetworkRules = {
  network: 'x',
  fields: [
    {
      field: 'email',
      key: 'email',
      csv: 'email',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    {
      field: 'phone',
      key: 'phone_number',
      csv: 'phone_number',
      encoding: 'sha256_hex',
      normalize: phoneE164,
    },
    { field: 'handle', key: 'handle', csv: 'handle', encoding: 'sha256_hex', normalize: xHandle },
    { field: 'twitter_id', key: 'twitter_id', csv: 'twitter_id', encoding: 'sha256_hex', normalize: xUserId },
    {
      field: 'maid',
      key: 'device_id',
      csv: 'device_id',
      encoding: 'sha256_hex',
      normalize: (raw) => maidLower(raw),
    },
    { field: 'external_id', key: 'partner_user_id', encoding: 'plain', normalize: (raw) => trimmedId(raw) },
  ],
};
