import { describe, expect, it } from 'vitest';
import { bearerToken, displayParts, generateKey, hashKey, isWellFormedKey } from './key-format.js';

describe('key format', () => {
  it('generates unique, well-formed keys of letters, digits and underscores', () => {
    const keys = new Set(Array.from({ length: 200 }, generateKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^dsr_live_[0-9A-Za-z]{49}$/);
      expect(isWellFormedKey(key)).toBe(true);
    }
  });

  it('rejects a mistyped, truncated or foreign key from its checksum or shape', () => {
    const key = generateKey();
    const flipped = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    expect(isWellFormedKey(flipped)).toBe(false);
    expect(isWellFormedKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedKey(`sk_live_${key.slice(9)}`)).toBe(false);
    expect(isWellFormedKey('')).toBe(false);
  });

  it('hashes with the server secret and shows only the display parts', () => {
    const key = generateKey();
    expect(hashKey('a', key)).not.toBe(hashKey('b', key));
    expect(hashKey('a', key)).toMatch(/^[0-9a-f]{64}$/);
    const { prefix, last4 } = displayParts(key);
    expect(prefix).toBe(key.slice(0, 13));
    expect(last4).toBe(key.slice(-4));
  });

  it('reads the bearer header', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
