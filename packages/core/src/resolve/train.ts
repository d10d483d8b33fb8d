import {
  C_COMPANY,
  C_DOB,
  C_EMAIL,
  C_FIRST,
  C_ID,
  C_LAST,
  C_LINKEDIN,
  C_PHONE,
  C_POSTCODE,
  COMPARISON_COUNT,
} from './compare.js';
import { decodePattern, trainEm } from './em.js';
import type { PersonModel } from './model.js';

/**
 * Pairs selected by one rule train the m of every comparison the rule does not look at (as Splink
 * does), because blocking on a field makes its agreement uninformative among the selected pairs.
 */
interface TrainingRule {
  name: string;
  select(levels: Int8Array): boolean;
  ignore: number[];
}

const rules: TrainingRule[] = [
  { name: 'email', select: (l) => l[C_EMAIL] === 0, ignore: [C_EMAIL] },
  { name: 'linkedin', select: (l) => l[C_LINKEDIN] === 0, ignore: [C_LINKEDIN] },
  { name: 'phone', select: (l) => l[C_PHONE] === 0, ignore: [C_PHONE] },
  {
    name: 'name+company',
    select: (l) =>
      (l[C_FIRST] === 0 || l[C_FIRST] === 1) && l[C_LAST] === 0 && (l[C_COMPANY] === 0 || l[C_COMPANY] === 1),
    ignore: [C_FIRST, C_LAST, C_COMPANY],
  },
  { name: 'identity_number', select: (l) => l[C_ID] === 0, ignore: [C_ID] },
  { name: 'dob', select: (l) => l[C_DOB] === 0, ignore: [C_DOB] },
  {
    name: 'name+postcode',
    select: (l) => l[C_FIRST] === 0 && l[C_LAST] === 0 && l[C_POSTCODE] === 0,
    ignore: [C_FIRST, C_LAST, C_POSTCODE],
  },
  { name: 'name', select: (l) => l[C_FIRST] === 0 && l[C_LAST] === 0, ignore: [C_FIRST, C_LAST] },
];

const MIN_PAIRS = 30;
const M_FLOOR = 0.01;

/** Learns m by EM per training rule (u fixed), then the expected matches per record. */
export const trainModel = (
  patterns: Map<number, number>,
  start: PersonModel,
  u: number[][],
  records: number,
): PersonModel => {
  const levels = new Int8Array(COMPARISON_COUNT);
  const sums = start.m.map((row) => row.map(() => 0));
  const seen = new Array<number>(COMPARISON_COUNT).fill(0);
  for (const rule of rules) {
    const selected = new Map<number, number>();
    let total = 0;
    for (const [code, count] of patterns) {
      if (rule.select(decodePattern(code, levels))) {
        selected.set(code, count);
        total += count;
      }
    }
    if (total < MIN_PAIRS) continue;
    const ignore = new Set(rule.ignore);
    const { m } = trainEm(selected, start, u, 25, ignore);
    for (let c = 0; c < COMPARISON_COUNT; c++) {
      if (ignore.has(c)) continue;
      seen[c] = (seen[c] ?? 0) + 1;
      const row = sums[c] as number[];
      m[c]?.forEach((p, l) => {
        row[l] = (row[l] ?? 0) + p;
      });
    }
  }
  const m = sums.map((row, c) => {
    const n = seen[c] ?? 0;
    const raw = n === 0 ? [...(start.m[c] ?? [])] : row.map((x) => x / n);
    // A floor keeps one odd value (a moved city, a second phone) from vetoing a match outright.
    const floored = raw.map((x) => Math.max(M_FLOOR, x));
    const sum = floored.reduce((s, x) => s + x, 0);
    return floored.map((x) => x / sum);
  });

  // With m and u fixed, EM over all candidate pairs gives the share of matches among them.
  let lambda = 0.5;
  let pairs = 0;
  for (const count of patterns.values()) pairs += count;
  for (let it = 0; it < 30; it++) {
    let mass = 0;
    for (const [code, count] of patterns) {
      decodePattern(code, levels);
      let bf = 1;
      for (let c = 0; c < COMPARISON_COUNT; c++) {
        const l = levels[c] as number;
        if (l >= 0) bf *= (m[c]?.[l] ?? 1e-6) / (u[c]?.[l] ?? 1e-6);
      }
      mass += (count * lambda * bf) / (lambda * bf + 1 - lambda);
    }
    lambda = Math.min(0.999, Math.max(1e-6, mass / Math.max(1, pairs)));
  }
  const matchesPerRecord = Math.max(0.01, (2 * lambda * pairs) / Math.max(1, records));
  return { matchesPerRecord, m, u: u.map((row) => [...row]) };
};
