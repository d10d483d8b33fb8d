import { type CompanyComparison, companyComparisons, type TokenWeight } from './company-compare.js';
import type { PreparedCompany } from './company-prepare.js';

/** Fellegi-Sunter parameters for companies: m and u per comparison level, and the prior match rate. */
export interface CompanyModel {
  m: number[][];
  u: number[][];
  /** Share of candidate pairs that are matches. */
  lambda: number;
}

const FLOOR = 1e-6;
/** Pseudo-pairs that pull an estimate toward its default: small data cannot overturn the defaults. */
const U_PRIOR_PAIRS = 200;
const M_PRIOR_PAIRS = 20;

export const defaultCompanyModel = (): CompanyModel => ({
  m: companyComparisons.map((c) => [...c.m]),
  u: companyComparisons.map((c) => [...c.u]),
  lambda: 0.1,
});

export const compareLevels = (
  a: PreparedCompany,
  b: PreparedCompany,
  weight: TokenWeight,
  out: Int8Array<ArrayBuffer> = new Int8Array(companyComparisons.length),
): Int8Array<ArrayBuffer> => {
  for (let c = 0; c < companyComparisons.length; c++)
    out[c] = (companyComparisons[c] as CompanyComparison).compare(a, b, weight);
  return out;
};

/** Mixes observed level counts with the default distribution given as pseudo-counts. */
const smooth = (counts: number[], prior: readonly number[], priorPairs: number): number[] => {
  const total = counts.reduce((s, x) => s + x, 0);
  return counts.map((x, l) => Math.max(FLOOR, (x + priorPairs * (prior[l] ?? 0)) / (total + priorPairs)));
};

/**
 * u from random record pairs: almost every random pair is two different organisations, so the level
 * frequencies among them are the u probabilities (as Splink estimates u).
 */
export const estimateU = (
  records: readonly PreparedCompany[],
  weight: TokenWeight,
  maxPairs = 50_000,
  seed = 1,
): number[][] => {
  const counts = companyComparisons.map((c) => c.levels.map(() => 0));
  const n = records.length;
  const levels = new Int8Array(companyComparisons.length);
  const tally = (i: number, j: number) => {
    compareLevels(records[i] as PreparedCompany, records[j] as PreparedCompany, weight, levels);
    for (let c = 0; c < levels.length; c++) {
      const l = levels[c] as number;
      if (l >= 0) (counts[c] as number[])[l] = ((counts[c] as number[])[l] ?? 0) + 1;
    }
  };
  if ((n * (n - 1)) / 2 <= maxPairs) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) tally(i, j);
  } else {
    let s = seed >>> 0 || 1;
    const next = () => {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      return (s >>> 0) / 4294967296;
    };
    for (let k = 0; k < maxPairs; k++) {
      const i = Math.floor(next() * n);
      let j = Math.floor(next() * (n - 1));
      if (j >= i) j++;
      tally(i, j);
    }
  }
  return counts.map((row, c) => smooth(row, (companyComparisons[c] as CompanyComparison).u, U_PRIOR_PAIRS));
};

/**
 * Expectation-maximisation of m and lambda over the candidate pairs' level patterns, u held fixed.
 * Patterns are counted once each, so the loop is over distinct patterns, not pairs.
 */
export const trainCompanyEm = (
  patterns: Map<string, { levels: Int8Array; count: number }>,
  u: number[][],
  iterations = 30,
  /** Re-estimate m too (else only lambda): see the note on learning m in createCompanyResolver. */
  learnM = false,
): CompanyModel => {
  const start = defaultCompanyModel();
  let m = start.m;
  let lambda = start.lambda;
  const list = [...patterns.values()];
  for (let it = 0; it < iterations; it++) {
    const acc = m.map((row) => row.map(() => 0));
    let matchMass = 0;
    let total = 0;
    for (const { levels, count } of list) {
      let pm = lambda;
      let pu = 1 - lambda;
      for (let c = 0; c < levels.length; c++) {
        const l = levels[c] as number;
        if (l < 0) continue;
        pm *= m[c]?.[l] ?? FLOOR;
        pu *= u[c]?.[l] ?? FLOOR;
      }
      const post = pm / (pm + pu);
      matchMass += post * count;
      total += count;
      for (let c = 0; c < levels.length; c++) {
        const l = levels[c] as number;
        if (l >= 0) (acc[c] as number[])[l] = ((acc[c] as number[])[l] ?? 0) + post * count;
      }
    }
    lambda = Math.min(0.9, Math.max(1e-4, matchMass / Math.max(1, total)));
    if (learnM)
      m = acc.map((row, c) => smooth(row, (companyComparisons[c] as CompanyComparison).m, M_PRIOR_PAIRS));
  }
  return { m, u, lambda };
};

const rawWeight = (model: CompanyModel, c: number, l: number): number =>
  Math.log2((model.m[c]?.[l] ?? FLOOR) / (model.u[c]?.[l] ?? FLOOR));

/**
 * log2 Bayes factor of one comparison level, kept sane where the sample is thin: no level outweighs the
 * comparison's most similar one, and disagreement never counts for a match (a set where every record
 * is in one city must not make "another city" a sign of the same organisation).
 */
export const levelWeight = (model: CompanyModel, c: number, l: number): number => {
  const w = rawWeight(model, c, l);
  const last = (companyComparisons[c]?.levels.length ?? 1) - 1;
  if (l === last) return Math.min(0, w);
  return l === 0 ? w : Math.min(w, rawWeight(model, c, 0));
};
