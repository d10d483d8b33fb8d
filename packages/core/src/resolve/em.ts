import { COMPARISON_COUNT, personComparisons } from './compare.js';
import type { PersonModel } from './model.js';

// Mixed-radix encoding of a comparison vector: level -1..L-1 stored as 0..L.
const RADIX: number[] = [];
{
  let r = 1;
  for (const c of personComparisons) {
    RADIX.push(r);
    r *= c.levels.length + 1;
  }
}

export const encodePattern = (levels: Int8Array): number => {
  let code = 0;
  for (let c = 0; c < COMPARISON_COUNT; c++) code += ((levels[c] ?? -1) + 1) * (RADIX[c] ?? 0);
  return code;
};

// Levels + 1 of each comparison: the radix of its digit.
const BASES = personComparisons.map((c) => c.levels.length + 1);

export const decodePattern = (code: number, out: Int8Array): Int8Array => {
  // Digit by digit from the lowest; codes are exact integers, so this is exact.
  let rest = code;
  for (let c = 0; c < COMPARISON_COUNT; c++) {
    const base = BASES[c] as number;
    const digit = rest % base;
    out[c] = digit - 1;
    rest = (rest - digit) / base;
  }
  return out;
};

const FLOOR = 1e-6;

/** u probabilities from level counts over random pairs (Laplace-smoothed). */
export const uFromCounts = (counts: number[][]): number[][] =>
  counts.map((row) => {
    const total = row.reduce((s, x) => s + x, 0);
    return row.map((x) => (x + 0.5) / (total + 0.5 * row.length));
  });

/**
 * Expectation-maximisation over pattern counts with u held fixed (estimated from random pairs, as
 * Splink does): learns m and lambda. Missing levels contribute no evidence.
 */
export const trainEm = (
  patterns: Map<number, number>,
  start: PersonModel,
  u: number[][],
  iterations = 25,
  /** Comparisons the pairs were selected on: their agreement says nothing, so they are left out. */
  ignore: ReadonlySet<number> = new Set(),
): { m: number[][]; lambda: number } => {
  const decoded: { levels: Int8Array; count: number }[] = [];
  for (const [code, count] of patterns)
    decoded.push({ levels: decodePattern(code, new Int8Array(COMPARISON_COUNT)), count });
  let lambda = 0.5;
  let m = start.m.map((row) => [...row]);
  for (let it = 0; it < iterations; it++) {
    const acc = m.map((row) => row.map(() => 0));
    let matchMass = 0;
    let total = 0;
    for (const { levels, count } of decoded) {
      let pm = lambda;
      let pu = 1 - lambda;
      for (let c = 0; c < COMPARISON_COUNT; c++) {
        const l = levels[c] ?? -1;
        if (l < 0 || ignore.has(c)) continue;
        pm *= m[c]?.[l] ?? FLOOR;
        pu *= u[c]?.[l] ?? FLOOR;
      }
      const post = pm / (pm + pu);
      const w = post * count;
      matchMass += w;
      total += count;
      for (let c = 0; c < COMPARISON_COUNT; c++) {
        const l = levels[c] ?? -1;
        const row = acc[c];
        if (l >= 0 && row && !ignore.has(c)) row[l] = (row[l] ?? 0) + w;
      }
    }
    lambda = Math.min(0.99, Math.max(1e-4, matchMass / Math.max(1, total)));
    m = acc.map((row) => {
      const sum = row.reduce((s, x) => s + x, 0);
      return row.map((x) => Math.max(FLOOR, (x + 1e-3) / (sum + 1e-3 * row.length)));
    });
  }
  return { lambda, m };
};
