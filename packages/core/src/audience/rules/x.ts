import { normalizeEmail } from '../email.js';
import { maidLower, phoneE164, trimmedId } from './common.js';
import type { NetworkRules } from './types.js';

// X (Twitter) Custom Audiences: "Custom Audiences User Data" (developer.x.com/en/docs/x-ads-api/
// audiences/overview/user-data): SHA-256 without salt, output in lower-case hex.
// Email: lower case, leading and trailing spaces removed; no gmail rule.
// Device ids: IDFA lower case with dashes (AdID as on the device, which is also lower case).
// Phone: X lists phone numbers among list identifiers without its own rule; we send E.164.
// Keys: the Custom Audience Users endpoint (email, phone_number, device_id, partner_user_id, the
// last one unhashed). CSV: X list files carry one identifier type per column, named after the key.
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
