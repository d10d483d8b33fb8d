import { invalidValue, type Normalized, nfc } from './result.js';

const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB' };
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const knownRegions = new Map<string, boolean>();

const isRegion = (code: string): boolean => {
  let known = knownRegions.get(code);
  if (known === undefined) {
    // ICU answers an unknown code with the code itself.
    known = /^[A-Z]{2}$/.test(code) && regionNames.of(code) !== code;
    knownRegions.set(code, known);
  }
  return known;
};

/** ISO 3166-1 alpha-2, upper case (`UK` read as `GB`). */
export const countryCode = (raw: string): Normalized => {
  const upper = raw.trim().toUpperCase();
  const code = COUNTRY_ALIASES[upper] ?? upper;
  return isRegion(code) ? code : invalidValue('not an ISO 3166-1 alpha-2 country code');
};

// USPS codes, so that `California` and `CA` hash the same for networks that want the code.
const US_STATES: Record<string, string> = {
  alabama: 'al',
  alaska: 'ak',
  arizona: 'az',
  arkansas: 'ar',
  california: 'ca',
  colorado: 'co',
  connecticut: 'ct',
  delaware: 'de',
  districtofcolumbia: 'dc',
  florida: 'fl',
  georgia: 'ga',
  hawaii: 'hi',
  idaho: 'id',
  illinois: 'il',
  indiana: 'in',
  iowa: 'ia',
  kansas: 'ks',
  kentucky: 'ky',
  louisiana: 'la',
  maine: 'me',
  maryland: 'md',
  massachusetts: 'ma',
  michigan: 'mi',
  minnesota: 'mn',
  mississippi: 'ms',
  missouri: 'mo',
  montana: 'mt',
  nebraska: 'ne',
  nevada: 'nv',
  newhampshire: 'nh',
  newjersey: 'nj',
  newmexico: 'nm',
  newyork: 'ny',
  northcarolina: 'nc',
  northdakota: 'nd',
  ohio: 'oh',
  oklahoma: 'ok',
  oregon: 'or',
  pennsylvania: 'pa',
  rhodeisland: 'ri',
  southcarolina: 'sc',
  southdakota: 'sd',
  tennessee: 'tn',
  texas: 'tx',
  utah: 'ut',
  vermont: 'vt',
  virginia: 'va',
  washington: 'wa',
  westvirginia: 'wv',
  wisconsin: 'wi',
  wyoming: 'wy',
  puertorico: 'pr',
  guam: 'gu',
  americansamoa: 'as',
  virginislands: 'vi',
  usvirginislands: 'vi',
  northernmarianaislands: 'mp',
};
const US_CODES = new Set(Object.values(US_STATES));
const NOT_LETTER = /[^\p{L}]/gu;

const isUs = (country: string | undefined): boolean => country === 'US';

/**
 * State for Meta-style `st`: the two-letter code in lower case for US states (names are mapped to
 * codes), otherwise lower case without punctuation, digits or spaces.
 */
export const stateLowerCode = (raw: string, country: string | undefined): Normalized => {
  const letters = nfc(raw).toLowerCase().replace(NOT_LETTER, '');
  if (!letters) return invalidValue('state has no letters');
  if (country === undefined || isUs(country)) {
    if (US_CODES.has(letters)) return letters;
    const code = US_STATES[letters];
    if (code) return code;
    if (isUs(country)) return invalidValue('not a US state');
  }
  return letters;
};

/** State as plain text: the upper-case USPS code for US states, else trimmed as given. */
export const statePlain = (raw: string, country: string | undefined): Normalized => {
  const trimmed = nfc(raw).trim().replace(/\s+/g, ' ');
  if (!trimmed) return invalidValue('empty state');
  if (country === undefined || isUs(country)) {
    const letters = trimmed.toLowerCase().replace(NOT_LETTER, '');
    const code = US_CODES.has(letters) ? letters : US_STATES[letters];
    if (code) return code.toUpperCase();
    if (isUs(country)) return invalidValue('not a US state');
  }
  return trimmed;
};

const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const ZIP_JUNK = /[\s-]+/g;

const looksUs = (zip: string, country: string | undefined): boolean =>
  isUs(country) || (country === undefined && US_ZIP.test(zip));

/** Meta-style `zp`: lower case, no spaces or dashes; US keeps the first five digits only. */
export const zipLowerCompact = (raw: string, country: string | undefined): Normalized => {
  const trimmed = raw.trim();
  if (looksUs(trimmed, country)) {
    const match = US_ZIP.exec(trimmed.replace(/\s+/g, ''));
    return match?.[1] ?? invalidValue('not a US ZIP code');
  }
  const value = nfc(trimmed).toLowerCase().replace(ZIP_JUNK, '');
  return value.length >= 2 ? value : invalidValue('postal code too short');
};

const UK_POSTCODE = /^([a-z]{1,2}\d[a-z\d]?)(\d)([a-z]{2})?$/;

/**
 * Meta `zp`: as zipLowerCompact, and for the UK the area, district and sector only (the outward
 * code and the first digit of the inward code): `M1 1AE` -> `m11`.
 */
export const zipMeta = (raw: string, country: string | undefined): Normalized => {
  const value = zipLowerCompact(raw, country);
  if (country !== 'GB' || typeof value !== 'string') return value;
  const match = UK_POSTCODE.exec(value);
  if (!match) return invalidValue('not a UK postcode');
  return `${match[1]}${match[2]}`;
};

/** Postal code trimmed and otherwise as given (Google `postal_code`). */
export const zipTrimmed = (raw: string): Normalized => {
  const value = nfc(raw).trim();
  return value || invalidValue('empty postal code');
};

/** LiveRamp `ZIP`: US 5 or 9 digits without a hyphen; other countries trimmed. */
export const zipDigits = (raw: string, country: string | undefined): Normalized => {
  const trimmed = raw.trim();
  if (looksUs(trimmed, country)) {
    const match = US_ZIP.exec(trimmed.replace(/\s+/g, ''));
    if (!match) return invalidValue('not a US ZIP code');
    return `${match[1]}${match[2] ?? ''}`;
  }
  return trimmed || invalidValue('empty postal code');
};
