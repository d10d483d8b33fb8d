// Reused match flags: comparisons run millions of times, so avoid allocating per call.
let flagsA = new Uint8Array(64);
let flagsB = new Uint8Array(64);

/**
 * Jaro for strings of at most 31 characters (names, cities, company keys: nearly every call), with
 * the match flags of each side kept in one integer instead of two arrays to clear and index.
 */
const jaroShort = (a: string, b: string, la: number, lb: number): number => {
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
  let usedA = 0;
  let usedB = 0;
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(i + window, lb - 1);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if ((usedB & (1 << j)) === 0 && b.charCodeAt(j) === c) {
        usedA |= 1 << i;
        usedB |= 1 << j;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  // Walk both sides' matched characters in order; a pair that differs is half a transposition.
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if ((usedA & (1 << i)) === 0) continue;
    while ((usedB & (1 << k)) === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
};

/** Jaro similarity in [0, 1]. */
export const jaro = (a: string, b: string): number => {
  if (a === b) return a.length === 0 ? 0 : 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  if (la < 32 && lb < 32) return jaroShort(a, b, la, lb);
  if (flagsA.length < la) flagsA = new Uint8Array(la * 2);
  if (flagsB.length < lb) flagsB = new Uint8Array(lb * 2);
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === c) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
};

const popcount = (x: number): number => {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/**
 * The most Jaro-Winkler can give two strings, from their lengths and the characters they hold: a
 * character of one that the other lacks is never matched. Characters are folded onto 32 bits
 * (code & 31), so two characters sharing a bit only loosen the bound, never break it. Most pairs a
 * resolver compares are different names, and this rejects them in one pass over each string
 * instead of Jaro's window search.
 */
const ceiling = (a: string, b: string): number => {
  if (a.length === 0 || b.length === 0) return 1;
  return ceilingOf(a.length, charMask(a), b.length, charMask(b));
};

/** The characters of `s` as bits (code & 31), for `ceilingOf`. */
export const charMask = (s: string): number => {
  let m = 0;
  for (let i = 0; i < s.length; i++) m |= 1 << (s.charCodeAt(i) & 31);
  return m;
};

/**
 * The most Jaro-Winkler can give strings of lengths `la`, `lb` whose `charMask`s are `ma`, `mb`
 * (see `ceiling`); callers that compare one string many times keep its mask.
 */
export const ceilingOf = (la: number, ma: number, lb: number, mb: number): number => {
  const m = Math.min(la - popcount(ma & ~mb), lb - popcount(mb & ~ma));
  const j = (m / la + m / lb + 1) / 3;
  // A hair above the exact bound, so rounding never rejects a pair that reaches the floor.
  return j + 0.4 * (1 - j) + 1e-9;
};

/**
 * `jaroWinkler(a, b, floor)` for callers that keep the strings' `charMask`s (`ma`, `mb`): the bound
 * is checked without going over the strings again.
 */
export const jaroWinklerMasked = (a: string, b: string, floor: number, ma: number, mb: number): number => {
  if (a.length > 0 && b.length > 0 && ceilingOf(a.length, ma, b.length, mb) < floor) return 0;
  return jaroWinkler(a, b);
};

/** Jaro-Winkler similarity in [0, 1], with the usual prefix scale 0.1 over up to 4 characters. */
export const jaroWinkler = (a: string, b: string, floor = 0): number => {
  // Skip the window search when the pair's characters cannot reach `floor` (see `ceiling`).
  if (floor > 0 && ceiling(a, b) < floor) return 0;
  const j = jaro(a, b);
  if (j < 0.7) return j;
  let prefix = 0;
  const max = Math.min(4, a.length, b.length);
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * 0.1 * (1 - j);
};
