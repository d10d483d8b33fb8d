import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface NormalizedPhone {
  /** E.164, e.g. `+4930123456`. */
  e164: string;
  /** ISO 3166-1 alpha-2 region of the number, when known. */
  country?: string;
  /** libphonenumber's line type (MOBILE, FIXED_LINE, TOLL_FREE, ...), when it can tell. */
  type?: string;
  /** False when the digits parse but are not a valid number for the region (kept for matching). */
  valid: boolean;
}

const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB', EN: 'GB' };

const toRegion = (country: string | null | undefined): CountryCode | undefined => {
  if (!country) return undefined;
  const upper = country.trim().toUpperCase();
  const code = COUNTRY_ALIASES[upper] ?? upper;
  return code.length === 2 && isSupportedCountry(code) ? (code as CountryCode) : undefined;
};

/**
 * Parses a phone number to E.164 using the record's country as the default region for national
 * forms. `00` and `011` international prefixes are understood without a region. Returns null when
 * the text is not a plausible phone number.
 */
export const normalizePhone = (
  raw: string | null | undefined,
  country?: string | null,
): NormalizedPhone | null => {
  if (!raw) return null;
  let text = raw.trim();
  if (!/\d/.test(text)) return null;
  // Extensions are not part of the number's identity.
  text = text.replace(/\s*(?:ext\.?|x|#)\s*\d{1,6}\s*$/i, '');
  const digitsOnly = text.replace(/[^\d+]/g, '');
  if (digitsOnly.startsWith('00')) text = `+${digitsOnly.slice(2)}`;
  else if (digitsOnly.startsWith('011') && digitsOnly.length > 11) text = `+${digitsOnly.slice(3)}`;
  const region = toRegion(country);
  const parsed = parsePhoneNumberFromString(text, region ? { defaultCountry: region } : undefined);
  if (!parsed) return null;
  if (!parsed.isPossible()) {
    // Keep numbers of plausible length even if the region's rules reject them: good for matching.
    const len = parsed.nationalNumber.length;
    if (len < 6 || len > 14) return null;
  }
  const valid = parsed.isValid();
  const result: NormalizedPhone = { e164: parsed.number, valid };
  if (parsed.country) result.country = parsed.country;
  const type = valid ? parsed.getType() : undefined;
  if (type) result.type = type;
  return result;
};
