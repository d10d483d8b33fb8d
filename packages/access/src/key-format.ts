import { createHash, createHmac, hash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { randomBase62 } from '@dossier/db';

/** Every key starts with this, so secret scanners can recognise ours. */
export const keyPrefix = 'dsr_live_';
const secretLength = 43; // 43 base62 characters carry 256 bits
const checksumLength = 6;
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const keyPattern = new RegExp(`^${keyPrefix}([0-9A-Za-z]{${secretLength}})([0-9A-Za-z]{${checksumLength}})$`);

const base62 = (value: number, width: number): string => {
  let out = '';
  let rest = value;
  do {
    out = alphabet[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
};

const checksum = (body: string): string => base62(crc32(body), checksumLength);

/** A new key: prefix, 256 random bits in base62, and a CRC32 checksum in base62. */
export function generateKey(): string {
  const body = keyPrefix + randomBase62(secretLength);
  return body + checksum(body);
}

/** True when the text has our shape and its checksum holds: a typo is caught before any lookup. */
export function isWellFormedKey(key: string): boolean {
  const match = keyPattern.exec(key);
  if (!match) return false;
  // A plain comparison: the checksum is derived from the key's public shape, not a secret.
  return checksum(keyPrefix + match[1]) === match[2];
}

/** Keyed hash stored in place of the key; a database leak alone cannot be replayed. */
export const hashKey = (serverSecret: string, key: string): string =>
  createHmac('sha256', serverSecret).update(key).digest('hex');

const sha256 =
  typeof hash === 'function'
    ? (text: string) => hash('sha256', text, 'base64')
    : (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The shape check and `hashKey` for a hot path: null for text that is not a well-formed key, else
 * its keyed hash. Remembers each well-formed key's HMAC under the key's plain SHA-256 (never the key
 * itself), so a repeat caller costs one one-shot digest instead of an HMAC set-up (measured at a
 * tenth of a cheap request) and the pattern and checksum (a remembered key passed them). Bounded:
 * cleared when full.
 */
export function createKeyHasher(serverSecret: string, max = 50_000) {
  const memo = new Map<string, string>();
  return (key: string): string | null => {
    const digest = sha256(key);
    let hashed = memo.get(digest);
    if (hashed === undefined) {
      if (!isWellFormedKey(key)) return null;
      hashed = hashKey(serverSecret, key);
      if (memo.size >= max) memo.clear();
      memo.set(digest, hashed);
    }
    return hashed;
  };
}

/** The parts of a key that are safe to show: `dsr_live_AbCd` and the last four characters. */
export const displayParts = (key: string) => ({
  prefix: key.slice(0, keyPrefix.length + 4),
  last4: key.slice(-4),
});

/** Pulls the key out of an `Authorization: Bearer ...` header value. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? (match[1] as string) : null;
}
