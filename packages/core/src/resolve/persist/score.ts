import {
  C_CITY,
  C_COMPANY,
  C_COUNTRY,
  C_EMAIL,
  C_LINKEDIN,
  C_PHONE,
  COMPARISON_COUNT,
  comparePeople,
  type SharedKeys,
} from '../compare.js';
import { matchWeights, type PersonModel, priorBits } from '../model.js';
import type { PreparedPerson } from '../types.js';

export interface PairScore {
  /** Log2 Bayes factor in bits; -Infinity on a hard conflict (different LinkedIn slugs, work emails). */
  score: number;
  /** The pair agrees on a shared identifier (email, phone or LinkedIn). */
  strong: boolean;
  /** The pair agrees on the employer (domain, name or a close name). */
  employer: boolean;
}

/**
 * Scores record pairs with the resolver's Fellegi-Sunter model and comparison levels. The linker
 * adjusts links that rest on names without the employer for the namesakes the graph holds.
 */
export const createScorer = (model: PersonModel, shared: SharedKeys) => {
  const weights = matchWeights(model);
  const levels = new Int8Array(COMPARISON_COUNT);
  return {
    pair(a: PreparedPerson, b: PreparedPerson): PairScore {
      if (comparePeople(a, b, shared, levels))
        return { score: Number.NEGATIVE_INFINITY, strong: false, employer: false };
      let s = 0;
      const company = levels[C_COMPANY] as number;
      const sameEmployer = company === 0 || company === 1;
      for (let c = 0; c < COMPARISON_COUNT; c++) {
        const l = levels[c] as number;
        if (l < 0) continue;
        // Agreement on the employer already implies the place, and a city its country: count each once.
        if (l === 0 && (c === C_CITY || c === C_COUNTRY) && sameEmployer) continue;
        if (l === 0 && c === C_COUNTRY && levels[C_CITY] === 0) continue;
        s += weights[c]?.[l] ?? 0;
      }
      return {
        score: s,
        strong: levels[C_EMAIL] === 0 || levels[C_PHONE] === 0 || levels[C_LINKEDIN] === 0,
        employer: company >= 0 && company <= 2,
      };
    },
    /** Bits a pair needs to link at posterior `threshold` in a graph of `n` records. */
    cut(threshold: number, n: number): number {
      return Math.log2(threshold / (1 - threshold)) - priorBits(model, n);
    },
  };
};
