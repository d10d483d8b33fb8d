import { normalizeEmail } from '../email.js';
import type { NetworkRules } from './types.js';

// Microsoft Advertising customer match: CustomerListUserData (learn.microsoft.com/en-us/
// advertising/campaign-management-service/customerlistuserdata) and the Bulk "Customer List
// Item" record (learn.microsoft.com/en-us/advertising/bulk-service/customer-list-item): items of
// sub type Email, each a SHA-256 hash of the trimmed, lower-cased address as a 64-character
// lowercase hex string. Customer lists carry email items only; no gmail rule.
export const microsoftRules: NetworkRules = {
  network: 'microsoft',
  fields: [
    {
      field: 'email',
      key: 'Email',
      csv: 'Email',
      encoding: 'sha256_hex',
      normalize: (raw) => normalizeEmail(raw),
    },
  ],
};
