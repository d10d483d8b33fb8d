import {
  type CountryCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { type Invalid, invalidValue } from './result.js';

export interface ParsedPhone {
  /** `+` country calling code and national number, e.g. `+16505551212`. */
  e164: string;
  /** Country calling code digits, e.g. `1`. */
  callingCode: string;
  /** National significant number without trunk prefix, e.g. `6505551212`. */
  national: string;
}

const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB' };
const EXTENSION = /\s*(?:ext\.?|extension|x|#)\s*\d{1,6}\s*$/i;
const DIGIT = /\d/;
const NOT_DIGIT_OR_PLUS = /[^\d+]/g;

/** The contact's country as a libphonenumber region, when it is one. */
export const phoneRegion = (country: string | undefined): CountryCode | undefined => {
  if (!country) return undefined;
  const upper = country.trim().toUpperCase();
  const code = COUNTRY_ALIASES[upper] ?? upper;
  return code.length === 2 && isSupportedCountry(code) ? (code as CountryCode) : undefined;
};

const toParsed = (number: PhoneNumber): ParsedPhone => ({
  e164: number.number,
  callingCode: number.countryCallingCode,
  national: number.nationalNumber,
});

/**
 * Parses a phone number with libphonenumber, using the contact's country as the default region for
 * national forms (`(650) 555-1212` with US). `00` and `011` international prefixes are understood.
 * A number written without `+` that does not fit the region is retried as international digits,
 * which is how Google's own formatter reads `441134960987` (googleads/data-manager-node
 * util/src/formatter.ts). A valid reading wins; a merely possible one (right length, e.g. the
 * 555 range used in examples) is kept rather than lost. Anything else is refused, never hashed.
 */
export const parsePhone = (raw: string, country?: string): ParsedPhone | Invalid => {
  let text = raw.trim();
  if (!DIGIT.test(text)) return invalidValue('not a phone number: no digits');
  text = text.replace(EXTENSION, '');
  const compact = text.replace(NOT_DIGIT_OR_PLUS, '');
  const digits = compact.replaceAll('+', '');
  if (digits.length < 5) return invalidValue('not a phone number: too few digits');
  let international: string | undefined;
  if (compact.startsWith('+')) international = `+${digits}`;
  else if (compact.startsWith('00')) international = `+${digits.slice(2)}`;
  else if (compact.startsWith('011') && digits.length > 11) international = `+${digits.slice(3)}`;

  const candidates: (PhoneNumber | undefined)[] = [];
  if (international) {
    // One reading only, so validity cannot change the choice: a possible number is enough.
    const number = parsePhoneNumberFromString(international);
    if (number?.isPossible()) return toParsed(number);
  } else {
    const region = phoneRegion(country);
    if (region) candidates.push(parsePhoneNumberFromString(text, { defaultCountry: region }));
    candidates.push(parsePhoneNumberFromString(`+${digits}`));
  }
  let possible: PhoneNumber | undefined;
  for (const candidate of candidates) {
    if (!candidate) continue;
    if (candidate.isValid()) return toParsed(candidate);
    if (!possible && candidate.isPossible()) possible = candidate;
  }
  if (possible) return toParsed(possible);
  return invalidValue(
    international || phoneRegion(country)
      ? 'not a valid phone number'
      : 'not a valid phone number (no country code and no contact country)',
  );
};
