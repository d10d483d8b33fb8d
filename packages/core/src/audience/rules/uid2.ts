import { normalizeEmail } from '../email.js';
import { phoneE164 } from './common.js';
import type { NetworkRules } from './types.js';

// Unified ID 2.0: "Normalization and Encoding" (IABTechLab/uid2docs docs/getting-started/
// gs-normalization-encoding.md). Email: trim, lower case, and for gmail.com only remove dots and a
// +suffix from the local part. Phone: E.164 with the leading +. Hash: SHA-256, then Base64 of the
// 32 raw digest bytes (not of the hex string). Keys: POST /identity/map `email_hash`, `phone_hash`.
const GMAIL_ONLY = new Set(['gmail.com']);

export const uid2Rules: NetworkRules = {
  network: 'uid2',
  fields: [
    {
      field: 'email',
      key: 'email_hash',
      csv: 'email_hash',
      encoding: 'sha256_base64',
      normalize: (raw) => normalizeEmail(raw, { gmailDomains: GMAIL_ONLY }),
    },
    { field: 'phone', key: 'phone_hash', csv: 'phone_hash', encoding: 'sha256_base64', normalize: phoneE164 },
  ],
};
