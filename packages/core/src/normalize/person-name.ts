import { formalNames } from './nicknames.js';
import { foldForCompare, squish } from './text.js';

const HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'professor',
  'sir',
  'dame',
  'madam',
  'rev',
  'fr',
  'herr',
  'frau',
  'mme',
  'mlle',
  'm',
  'sr',
  'sra',
  'srta',
  'don',
  'dona',
  'lord',
  'lady',
  'hon',
]);
const SUFFIXES = new Set([
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'v',
  'phd',
  'md',
  'mba',
  'esq',
  'cpa',
  'dds',
  'jd',
  'pe',
  'rn',
  'pmp',
  'cfa',
  'msc',
  'bsc',
  'ma',
  'ba',
]);
// Lower-case particles that belong to the surname ("Ludwig van Beethoven").
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'das',
  'dos',
  'del',
  'della',
  'di',
  'du',
  'le',
  'la',
  'st',
  'ter',
  'ten',
  'bin',
  'ibn',
  'al',
  'el',
  'mac',
]);

const bare = (token: string): string => foldForCompare(token).replace(/\s+/g, '');

export interface NameParts {
  first: string;
  middle: string;
  last: string;
}

/** Splits a full name ("Dr. Mary Ann van der Berg Jr.", "Smith, John") into first, middle and last. */
export const splitFullName = (full: string | null | undefined): NameParts => {
  let text = squish((full ?? '').replace(/\([^)]*\)/g, ' '));
  let lastFirst: string | null = null;
  const comma = text.indexOf(',');
  if (comma > 0) {
    const after = text.slice(comma + 1).trim();
    const afterTokens = after.split(/[\s,]+/).filter(Boolean);
    // "Smith, John" (not "John Smith, Jr.").
    if (afterTokens.length > 0 && !afterTokens.every((t) => SUFFIXES.has(bare(t)))) {
      lastFirst = text.slice(0, comma).trim();
      text = after;
    } else {
      text = text.slice(0, comma).trim();
    }
  }
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  while (tokens.length > 1 && HONORIFICS.has(bare(tokens[0] ?? ''))) tokens.shift();
  while (tokens.length > 1 && SUFFIXES.has(bare(tokens[tokens.length - 1] ?? ''))) tokens.pop();
  if (lastFirst !== null) {
    const [first = '', ...middle] = tokens;
    return { first, middle: middle.join(' '), last: lastFirst };
  }
  if (tokens.length === 0) return { first: '', middle: '', last: '' };
  if (tokens.length === 1) return { first: tokens[0] ?? '', middle: '', last: '' };
  // The surname starts at the first particle after the given name, else it is the last token.
  let start = tokens.length - 1;
  for (let i = 1; i < tokens.length - 1; i++) {
    const t = tokens[i] ?? '';
    if (t === t.toLowerCase() && PARTICLES.has(bare(t))) {
      start = i;
      break;
    }
  }
  return {
    first: tokens[0] ?? '',
    middle: tokens.slice(1, start).join(' '),
    last: tokens.slice(start).join(' '),
  };
};

/** Title-cases a name for display: "o'BRIEN" -> "O'Brien", "mcdonald" -> "McDonald". */
export const displayCase = (name: string): string =>
  squish(name)
    .toLowerCase()
    .replace(/(^|[\s\-'’])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\bMc(\p{L})/gu, (_m, ch: string) => `Mc${ch.toUpperCase()}`);

export interface NormalizedPersonName {
  /** Display forms. */
  first: string;
  middle: string;
  last: string;
  /** Comparison keys: lower-case, diacritics folded, no punctuation or spaces. */
  firstKey: string;
  lastKey: string;
  /** Formal names the given name may stand for (Bob -> robert), for nickname-aware matching. */
  formalFirst: readonly string[];
}

export interface NameInput {
  first?: string | null;
  last?: string | null;
  full?: string | null;
}

// Separate fields, a full name, or a full name pushed into one field (a common export mistake).
const splitInput = (input: NameInput): NameParts => {
  let first = squish(input.first ?? '');
  let last = squish(input.last ?? '');
  let middle = '';
  if (!first && !last && input.full) return splitFullName(input.full);
  if (first && !last && /\s|,/.test(first)) return splitFullName(first);
  if (!first && last && /\s|,/.test(last)) return splitFullName(last);
  if (/[\s,.]/.test(first)) {
    const parts = splitFullName(first);
    first = parts.first;
    middle = [parts.middle, parts.last].filter(Boolean).join(' ');
  }
  if (/[\s,.]/.test(last)) {
    const tail = last.split(/[\s,]+/).filter(Boolean);
    while (tail.length > 1 && SUFFIXES.has(bare(tail[tail.length - 1] ?? ''))) tail.pop();
    last = tail.join(' ');
  }
  return { first, middle, last };
};

/** Only the comparison keys of a name: the fast path for resolution. */
export const personNameKeys = (
  input: NameInput,
): { firstKey: string; lastKey: string; formalFirst: readonly string[] } => {
  const { first, last } = splitInput(input);
  const firstKey = bare(first);
  return { firstKey, lastKey: bare(last), formalFirst: firstKey ? formalNames(firstKey) : [] };
};

/**
 * Normalizes a person's name from separate first/last fields, a full name, or a full name pushed
 * into the first-name field (a common export mistake).
 */
export const normalizePersonName = (input: NameInput): NormalizedPersonName => {
  const { first, middle, last } = splitInput(input);
  const firstKey = bare(first);
  return {
    first: displayCase(first),
    middle: displayCase(middle),
    last: displayCase(last),
    firstKey,
    lastKey: bare(last),
    formalFirst: firstKey ? formalNames(firstKey) : [],
  };
};

/** "Mr.", "Herr Dr.", "Prof": a salutation, not a name or a job title. */
export const isHonorific = (text: string | null | undefined): boolean => {
  const tokens = squish(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  return tokens.length > 0 && tokens.every((t) => HONORIFICS.has(bare(t)));
};

/** "Jr.", "III", "PhD": a name suffix or credential, not a job title. */
export const isNameSuffix = (text: string | null | undefined): boolean => {
  const tokens = squish(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  return tokens.length > 0 && tokens.every((t) => SUFFIXES.has(bare(t)));
};
