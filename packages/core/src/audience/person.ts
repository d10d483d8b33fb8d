import { type Invalid, invalidValue, type Normalized, nfc } from './result.js';

const WHITESPACE = /\s+/g;
const PUNCTUATION = /[\p{P}\p{S}]/gu;
const NOT_LETTER = /[^\p{L}]/gu;

/**
 * Trim, collapse whitespace, lower-case, Unicode NFC: the base form every network hashes. NFC comes
 * after lower-casing so that the composed form is what gets hashed.
 */
export const basicName = (raw: string): string => nfc(raw.trim().replace(WHITESPACE, ' ').toLowerCase());

/** Trim, collapse whitespace and NFC, case kept: for networks that take names unhashed. */
export const plainName = (raw: string): Normalized => {
  const value = nfc(raw).trim().replace(WHITESPACE, ' ');
  return value || invalidValue('empty name');
};

/** Lower-case, NFC, no punctuation (Meta, Snapchat, Pinterest user_data `fn` and `ln`). */
export const nameWithoutPunctuation = (raw: string): Normalized => {
  const value = basicName(raw).replace(PUNCTUATION, '').replace(WHITESPACE, ' ').trim();
  return value || invalidValue('name has no letters');
};

// googleads/data-manager-node util/src/formatter.ts formatGivenName: a leading title with its dot.
const GIVEN_PREFIX = /^(?:mr|mrs|ms|dr)\.(?:\s|$)/;
// Same file, formatFamilyName: trailing generational and professional suffixes, repeatedly.
const FAMILY_SUFFIX = /(?:,\s*|\s+)(?:jr\.?|sr\.?|2nd|3rd|ii|iii|iv|v|vi|cpa|dc|dds|vm|jd|md|phd)\s?$/;

/** Google given name: lower-case, trimmed, without a prefix such as `Mrs.`. */
export const googleGivenName = (raw: string): Normalized => {
  const value = basicName(raw).replace(GIVEN_PREFIX, '').trim();
  return value || invalidValue('given name is only a prefix');
};

/** Google family name: lower-case, trimmed, without suffixes such as `Jr.`. */
export const googleFamilyName = (raw: string): Normalized => {
  let value = basicName(raw);
  while (FAMILY_SUFFIX.test(value)) value = value.replace(FAMILY_SUFFIX, '');
  value = value.trim();
  return value || invalidValue('family name is only a suffix');
};

/** Lower-case letters only, no spaces, digits or punctuation (Meta `ct`: `menlopark`). */
export const lettersOnly = (raw: string, what: string): Normalized => {
  const value = basicName(raw).replace(NOT_LETTER, '');
  return value || invalidValue(`${what} has no letters`);
};

const DATE_RE = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/;

export interface DobParts {
  year: string;
  month: string;
  day: string;
}

/** Parses a date of birth written year first (YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD) to its parts. */
export const parseDob = (raw: string, now = new Date()): DobParts | Invalid => {
  const match = DATE_RE.exec(raw.trim());
  if (!match) return invalidValue('not a date: use YYYY-MM-DD');
  const [, y = '', m = '', d = ''] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return invalidValue('not a date: no such day');
  }
  if (year < 1900 || date.getTime() > now.getTime()) return invalidValue('not a plausible date of birth');
  return { year: y, month: m.padStart(2, '0'), day: d.padStart(2, '0') };
};

/** Date of birth as YYYYMMDD (Meta, Snapchat and Pinterest `db`). */
export const dobCompact = (raw: string): Normalized => {
  const parsed = parseDob(raw);
  if ('invalid' in parsed) return parsed;
  return `${parsed.year}${parsed.month}${parsed.day}`;
};

const GENDERS: Record<string, string> = {
  f: 'f',
  female: 'f',
  woman: 'f',
  m: 'm',
  male: 'm',
  man: 'm',
};
const NON_BINARY: Record<string, string> = { n: 'n', nonbinary: 'n', 'non-binary': 'n' };

/** `f` or `m` (Meta, Snapchat); Pinterest also takes `n` when `withNonBinary`. */
export const gender = (raw: string, withNonBinary = false): Normalized => {
  const key = raw.trim().toLowerCase();
  const value = GENDERS[key] ?? (withNonBinary ? NON_BINARY[key] : undefined);
  return value ?? invalidValue(withNonBinary ? 'gender must be f, m or n' : 'gender must be f or m');
};
