import { domainToASCII } from 'node:url';
import { parse as parseHost } from 'tldts';
import { invalid } from '../errors.js';
import { isFreeMailDomain } from './free-mail.js';

// Pragmatic: one @, dot-atom local part, a host with a dot. Quoted local parts are not accepted.
// Unicode letters are allowed in the local part (RFC 6531 internationalized addresses).
const LOCAL_RE = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const PLAIN_HOST_RE = /^[a-z0-9.-]+$/;
const HOST_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export interface NormalizedEmail {
  /** Lower-cased address with an ASCII (punycode) domain, sub-address kept. */
  email: string;
  local: string;
  domain: string;
  isFreeMail: boolean;
}

/** Parses an address: trims, strips `mailto:` and angle brackets, lower-cases, IDN to punycode. */
export const parseEmail = (raw: string | null | undefined): NormalizedEmail | null => {
  if (!raw) return null;
  let value = raw.trim();
  const angle = /<([^>]+)>/.exec(value);
  if (angle?.[1]) value = angle[1].trim();
  value = value.replace(/^mailto:/i, '').trim();
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1 || value.length > 254) return null;
  const local = value.slice(0, at).toLowerCase();
  const hostText = value
    .slice(at + 1)
    .replace(/\.$/, '')
    .toLowerCase();
  // Nearly every host is plain ASCII already (HOST_RE then checks it); only the rest need IDNA.
  const host =
    PLAIN_HOST_RE.test(hostText) && !hostText.includes('xn--') ? hostText : domainToASCII(hostText);
  if (local.length > 64 || !LOCAL_RE.test(local) || !host || !HOST_RE.test(host)) return null;
  return { email: `${local}@${host}`, local, domain: host, isFreeMail: isFreeMailDomain(host) };
};

/** The canonical stored form of an address, or null when it is not a valid address. */
export const normalizeEmail = (raw: string | null | undefined): string | null =>
  parseEmail(raw)?.email ?? null;

/** Like normalizeEmail, but throws `invalid_request` for a bad address. */
export const requireEmail = (raw: string, path = 'email'): string => {
  const email = normalizeEmail(raw);
  if (!email) throw invalid([{ path, message: 'not a valid email address' }]);
  return email;
};

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The key two addresses share when they reach the same mailbox: `+tag` removed, and for Gmail the
 * dots too (Gmail ignores them) with googlemail.com folded into gmail.com.
 */
export const emailMatchKey = (raw: string | null | undefined): string | null => {
  const parsed = parseEmail(raw);
  return parsed ? matchKeyOfParsed(parsed) : null;
};

/** emailMatchKey of an address parseEmail already read (the resolver reads each address once). */
export const matchKeyOfParsed = (parsed: NormalizedEmail): string => {
  let local = parsed.local;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  let domain = parsed.domain;
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
};

/** Top-level names reserved for documentation and tests (RFC 2606): real in examples, never on the internet. */
const RESERVED_TLDS = new Set(['example', 'test']);

/**
 * True when an address's domain ends in a real public suffix (ICANN section of the Public Suffix
 * List) or a reserved documentation name: `...@humongous.exa` is a cut-off `.example`, not an address.
 */
export const hasPublicSuffix = (domain: string): boolean => {
  const parsed = parseHost(domain, { allowPrivateDomains: false });
  if (parsed.isIcann && parsed.domain) return true;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  return RESERVED_TLDS.has(tld) && domain.includes('.');
};
