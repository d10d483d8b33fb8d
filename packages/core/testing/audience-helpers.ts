import { createHash } from 'node:crypto';
import { normalizeIdentifier } from '../src/audience/hash-contact.js';
import type { AudienceField, AudienceNetwork } from '../src/audience/networks.js';

/** The normalized text a network hashes for one field, or the reason it is refused. */
export const normalized = (
  network: AudienceNetwork,
  field: AudienceField,
  raw: string,
  country?: string,
): string => {
  const result = normalizeIdentifier(network, field, raw, country);
  return 'reason' in result ? `invalid: ${result.reason}` : result.normalized;
};

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
export const sha256Base64 = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('base64');
export const sha1Hex = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex');
