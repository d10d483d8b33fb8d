import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  createKeyHasher,
  displayParts,
  generateKey,
  hashKey,
  isWellFormedKey,
} from './key-format.js';

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

  it('hashes a well-formed key as hashKey does, every time, and refuses a malformed one every time', () => {
    const hashOf = createKeyHasher('secret', 2);
    const key = generateKey();
    const flipped = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    for (let i = 0; i < 3; i++) {
      expect(hashOf(key)).toBe(hashKey('secret', key));
      expect(hashOf(flipped)).toBeNull();
      expect(hashOf(key.slice(0, -1))).toBeNull();
    }
    // Past its bound the memory starts again, and answers stay the same.
    const others = [generateKey(), generateKey(), generateKey()];
    for (const other of others) expect(hashOf(other)).toBe(hashKey('secret', other));
    expect(hashOf(key)).toBe(hashKey('secret', key));
    expect(hashOf(flipped)).toBeNull();
  });

  it('reads the bearer header', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
