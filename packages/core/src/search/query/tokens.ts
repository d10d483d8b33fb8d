import { foldDiacritics } from '../../normalize/text.js';

export interface Token {
  /** As written. */
  raw: string;
  /** Lower case, as written otherwise: what goes into `leftover`. */
  lower: string;
  /** Folded, lower case, apostrophes dropped, crudely singular: the matching key. */
  key: string;
  start: number;
  end: number;
  /** First letter is upper case. */
  cap: boolean;
  /** Every letter is upper case (US, UK, IT). */
  caps: boolean;
  /** Inside double quotes: a name, never read as a filter. */
  quoted: boolean;
  /** Numeric value for 1,000 / 10k / 2.5m; undefined for words. */
  num?: number;
  /** Written with a currency sign before it ($10M). */
  money: boolean;
  /** The multiplier written on the number (10k -> 1000), else 1. */
  scale: number;
  /** Followed directly by `+` (50+). */
  plus: boolean;
  /** Text between the previous token and this one ("-" in 50-200). */
  gap: string;
}

// Numbers first (1,000 / 2.5 / 10k / 3m), then words; hyphens split words so that
// "e-commerce" and "e commerce" meet, and the gap keeps the hyphen for ranges.
const TOKEN_RE = /(\d+(?:,\d{3})*(?:\.\d+)?)(k|mm|m|bn|b)?(?![\p{L}\p{N}])|[\p{L}\p{N}]+(?:['’]\p{L}+)?/giu;
const COMMA_RE = /,/g;
const QUOTE_RE = /["“”«»]/g;
const NON_ASCII_RE = /[^ -~]/;
const APOSTROPHE_RE = /['’]/g;
const CURRENCY_RE = /[$€£]\s*$/;
const UPPER_RE = /\p{Lu}/u;
const KEEP_S_RE = /[siu]s$/;
const LOWER_RE = /\p{Ll}/u;

const MULTIPLIER: Record<string, number> = { k: 1e3, m: 1e6, mm: 1e6, b: 1e9, bn: 1e9 };

/** Crude singular form, applied alike to vocabulary and input so that both meet. */
export const singular = (word: string): string => {
  if (word.length < 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !KEEP_S_RE.test(word)) return word.slice(0, -1);
  return word;
};

const keyOf = (lower: string): string => {
  const folded = NON_ASCII_RE.test(lower) ? foldDiacritics(lower) : lower;
  return singular(folded.replace(APOSTROPHE_RE, ''));
};

/** Splits text into tokens with positions, quote state and parsed numbers. */
export const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  let quoted = false;
  let last = 0;
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m !== null; m = TOKEN_RE.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    const gap = text.slice(last, start);
    const quotes = gap.match(QUOTE_RE);
    if (quotes && quotes.length % 2 === 1) quoted = !quoted;
    last = end;
    const lower = raw.toLowerCase();
    // "CTOs", "VPs": a plural s does not make an acronym lower case.
    const bare = raw.length >= 3 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    const token: Token = {
      raw,
      lower,
      key: keyOf(lower),
      start,
      end,
      cap: UPPER_RE.test(raw[0] ?? ''),
      caps: UPPER_RE.test(bare) && !LOWER_RE.test(bare),
      quoted,
      money: CURRENCY_RE.test(gap),
      scale: 1,
      plus: text[end] === '+',
      gap,
    };
    if (m[1] !== undefined) {
      const value = Number(m[1].replace(COMMA_RE, ''));
      const mult = m[2] ? (MULTIPLIER[m[2].toLowerCase()] ?? 1) : 1;
      token.num = value * mult;
      token.scale = mult;
      token.key = m[1].replace(COMMA_RE, '') + (m[2]?.toLowerCase() ?? '');
    }
    tokens.push(token);
  }
  return tokens;
};

/** Matching keys of a vocabulary phrase, tokenized exactly like input. */
export const phraseKeys = (phrase: string): string[] => tokenize(phrase).map((t) => t.key);
