import { foldForCompare } from '../normalize/text.js';

/** A date of birth in parts; 0 means unknown (a partial date or a year alone). */
export interface DateParts {
  y: number;
  m: number;
  d: number;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const NO_DATE: DateParts = { y: 0, m: 0, d: 0 };
const THIS_YEAR = new Date().getUTCFullYear();

const fullYear = (y: number): number => {
  if (y >= 100) return y;
  // Two-digit years: a birth year cannot lie in the future.
  return y + (2000 + y > THIS_YEAR ? 1900 : 2000);
};

const valid = (y: number, m: number, d: number): DateParts => {
  if (!(y >= 1800 && y <= THIS_YEAR + 1)) return NO_DATE;
  if (m < 0 || m > 12 || d < 0 || d > 31 || (d > 0 && m === 0)) return NO_DATE;
  return { y, m, d };
};

/**
 * Parses a date of birth in any common layout: ISO (1971-06-24, with or without a time), yyyymmdd,
 * d/m/y and m/d/y (d/m unless the day can only be the second number), month names (24 Jun 1971,
 * June 24, 1971), partial dates (1971-06, 06/1971) and a year alone. Day and month swapped by a
 * source are caught later by the comparison, not guessed here.
 */
export const parseDate = (raw: string | null | undefined): DateParts => {
  if (!raw) return NO_DATE;
  const text = raw.trim().toLowerCase();
  if (!text) return NO_DATE;
  let m = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?:[t\s].*)?$/.exec(text);
  if (m) return valid(+(m[1] as string), +(m[2] as string), m[3] ? +m[3] : 0);
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return valid(+(m[1] as string), +(m[2] as string), +(m[3] as string));
  m = /^(\d{4})$/.exec(text);
  if (m) return valid(+(m[1] as string), 0, 0);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  if (m) {
    const a = +(m[1] as string);
    const b = +(m[2] as string);
    const y = fullYear(+(m[3] as string));
    // d/m/y unless the first number cannot be a day's month partner (then m/d/y).
    return a <= 12 && b > 12 ? valid(y, a, b) : valid(y, b, a);
  }
  m = /^(\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) return valid(+(m[2] as string), +(m[1] as string), 0);
  // Month names: "24 jun 1971", "june 24, 1971", "jun 1971".
  const tokens = text.split(/[\s,./-]+/).filter(Boolean);
  let month = 0;
  const nums: number[] = [];
  for (const t of tokens) {
    const mo = MONTHS[t.slice(0, 4)] ?? MONTHS[t.slice(0, 3)];
    if (mo && /^[a-z]+$/.test(t)) month = mo;
    else if (/^\d{1,4}(st|nd|rd|th)?$/.test(t)) nums.push(Number.parseInt(t, 10));
  }
  if (month && nums.length > 0) {
    const year = nums.find((n) => n > 31);
    const day = nums.find((n) => n <= 31);
    if (year !== undefined) return valid(year, month, day ?? 0);
    if (nums.length === 2) return valid(fullYear(nums[1] as number), month, nums[0] as number);
  }
  return NO_DATE;
};

// Street-type and unit words as sources spell them, to one form each.
const STREET_WORDS: Record<string, string> = {
  st: 'street',
  str: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  blvd: 'boulevard',
  dr: 'drive',
  drv: 'drive',
  ln: 'lane',
  ct: 'court',
  crt: 'court',
  cres: 'crescent',
  cr: 'crescent',
  pl: 'place',
  plc: 'place',
  tce: 'terrace',
  ter: 'terrace',
  hwy: 'highway',
  pde: 'parade',
  cct: 'circuit',
  cl: 'close',
  sq: 'square',
  pkwy: 'parkway',
  mt: 'mount',
  apt: 'unit',
  flat: 'unit',
  ste: 'suite',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
};

export interface AddressKey {
  /** The house number (first token with a digit), or ''. */
  number: string;
  /** Street tokens without the number, street types spelt out. */
  tokens: string[];
}

/** Splits a street line into its house number and normalized words ("12b Main St." -> 12b, main street). */
export const addressKey = (raw: string | null | undefined): AddressKey => {
  if (!raw) return { number: '', tokens: [] };
  const words = foldForCompare(raw).split(' ');
  let number = '';
  const tokens: string[] = [];
  for (const w of words) {
    if (!w) continue;
    if (/\d/.test(w)) {
      if (!number) number = w;
      continue;
    }
    tokens.push(STREET_WORDS[w] ?? w);
  }
  return { number, tokens };
};

/** Upper-case letters and digits only: postcodes and identity numbers compare without punctuation. */
export const alnumKey = (raw: string | null | undefined): string =>
  raw ? raw.toUpperCase().replace(/[^0-9A-Z]/g, '') : '';

const GENDERS: Record<string, string> = {
  m: 'm',
  male: 'm',
  man: 'm',
  h: 'm',
  f: 'f',
  female: 'f',
  woman: 'f',
  w: 'f',
};

/** `m`, `f` or '' (unknown or anything else). */
export const genderKey = (raw: string | null | undefined): string =>
  raw ? (GENDERS[raw.trim().toLowerCase()] ?? '') : '';

/**
 * True when a and b are at most one edit apart (insert, delete, substitute or swap two adjacent
 * characters: the optimal string alignment distance <= 1). Allocation-free.
 */
export const withinOneEdit = (a: string, b: string): boolean => {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    // Substitution, or two adjacent characters swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return (
      i + 1 < la &&
      a.charCodeAt(i) === b.charCodeAt(i + 1) &&
      a.charCodeAt(i + 1) === b.charCodeAt(i) &&
      a.slice(i + 2) === b.slice(i + 2)
    );
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
};
