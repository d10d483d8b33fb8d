import { normalizeEmail } from '../email.js';
import { phoneDigits, trimmedId } from './common.js';
import type { NetworkRules } from './types.js';

// TikTok: "List of supported IDs and formats for a customer file" (ads.tiktok.com/help/article/
// list-of-supported-ids-and-formats-for-a-customer-file, August 2025) and the Events API `user`
// object (email, phone, external_id), all SHA-256 lowercase hex.
// Email: lower case, spaces removed; no gmail rule.
// Phone: symbols (including +) and letters removed, leading zeros removed, country code added even
// in the US: (657)777-0000 -> 16577770000, 374-93-828222 -> 37493828222.
// CSV headers: Email_SHA256, Phone_SHA256 (each may appear up to three times).
export const tiktokRules: NetworkRules = {
  network: 'tiktok',
  csvColumnsPerKey: 3,
  fields: [
    {
      field: 'email',
      key: 'email',
      csv: 'Email_SHA256',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
    { field: 'phone', key: 'phone', csv: 'Phone_SHA256', encoding: 'sha256_hex', normalize: phoneDigits },
    // Events API: the advertiser's user id, SHA-256 hashed; no customer-file column.
    { field: 'external_id', key: 'external_id', encoding: 'sha256_hex', normalize: (raw) => trimmedId(raw) },
  ],
};
