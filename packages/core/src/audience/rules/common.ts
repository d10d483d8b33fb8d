import { normalizeEmail } from '../email.js';
import { countryCode } from '../location.js';
import { parsePhone } from '../phone.js';
import { invalidValue, isInvalid, type Normalized } from '../result.js';
import type { RuleContext } from './types.js';

/** Email without any gmail rule: trim, no whitespace, lower case. */
export const plainEmail = (raw: string): Normalized => normalizeEmail(raw);

/** E.164 with the leading `+` (Google, UID2). */
export const phoneE164 = (raw: string, context: RuleContext): Normalized => {
  const parsed = parsePhone(raw, context.country);
  return 'invalid' in parsed ? parsed : parsed.e164;
};

/** Country code and number as digits, no `+`, no `00`, no trunk `0` (Meta, Snapchat, TikTok, Pinterest). */
export const phoneDigits = (raw: string, context: RuleContext): Normalized => {
  const parsed = parsePhone(raw, context.country);
  return 'invalid' in parsed ? parsed : parsed.e164.slice(1);
};

/** ISO alpha-2 in lower case (Meta-style `country`). */
export const countryLower = (raw: string): Normalized => {
  const code = countryCode(raw);
  return isInvalid(code) ? code : code.toLowerCase();
};

/** An advertiser id as given, trimmed. */
export const trimmedId = (raw: string): Normalized => raw.trim() || invalidValue('empty id');

/** A mobile advertising id (IDFA or GAID): a UUID, lower case with dashes. */
export const maidLower = (raw: string): Normalized => {
  const value = raw.trim().toLowerCase();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
    ? value
    : invalidValue('not a mobile advertising id (IDFA or GAID)');
};
