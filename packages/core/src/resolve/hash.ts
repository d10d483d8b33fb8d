/** The state `hashKey` starts from; `hashAdd` and `hashEnd` build the same hash from a key's parts. */
export const HASH_START = 0x811c9dc5;

/** Folds the characters of `s` into a running `hashKey` state. */
export const hashAdd = (h: number, s: string): number => {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
};

/** Folds one UTF-16 code unit into a running `hashKey` state. */
export const hashAddCode = (h: number, code: number): number => Math.imul(h ^ code, 0x01000193);

/** The finished 30-bit hash of a running state. */
export const hashEnd = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h & 0x3fffffff;
};

/** A 30-bit string hash (FNV-1a, murmur-style finish): fits a V8 small integer, so maps stay cheap. */
export const hashKey = (s: string): number => hashEnd(hashAdd(HASH_START, s));

/** Seeded PRNG (mulberry32): deterministic sampling and synthetic data. */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
