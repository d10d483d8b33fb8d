import { invalidValue, type Normalized, nfc } from './result.js';

const WHITESPACE = /\s+/g;
// Lenient on purpose: networks match on what people typed; we only refuse what cannot be an address.
const LOCAL_RE = /^[^\s@"(),:;<>[\]\\]{1,64}$/u;
// Labels of letters, digits and inner hyphens, and a top-level label of two or more starting with a letter.
const DOMAIN_RE =
  /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*[\p{L}\p{N}]$/u;

export interface EmailOptions {
  /**
   * Domains whose local part drops dots and a `+tag`. Only networks that document it set this:
   * Google (gmail.com, googlemail.com) and UID2 (gmail.com only).
   */
  gmailDomains?: ReadonlySet<string>;
}

/**
 * Trim, remove inner whitespace, lower-case, NFC, check the shape, then apply the network's gmail
 * rule if it has one. Leading, trailing and intermediate whitespace removal follows Google's Data
 * Manager formatting guide (developers.google.com/data-manager/api/get-started/formatting) and
 * LiveRamp's "remove all whitespace" (docs.liveramp.com/connect/en/hashing-identifiers.html).
 */
export const normalizeEmail = (raw: string, options: EmailOptions = {}): Normalized => {
  const value = nfc(raw.replace(WHITESPACE, '').toLowerCase());
  if (!value) return invalidValue('empty email');
  const at = value.indexOf('@');
  if (at < 0) return invalidValue('not an email address: no @');
  if (at !== value.lastIndexOf('@')) return invalidValue('not an email address: more than one @');
  let local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL_RE.test(local)) return invalidValue('not an email address: bad local part');
  if (!DOMAIN_RE.test(domain)) return invalidValue('not an email address: bad domain');
  if (options.gmailDomains?.has(domain)) {
    const plus = local.indexOf('+');
    if (plus >= 0) local = local.slice(0, plus);
    local = local.replaceAll('.', '');
    if (!local) return invalidValue('not an email address: empty local part after gmail normalization');
  }
  return `${local}@${domain}`;
};
