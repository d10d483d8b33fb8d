import { getDomain } from 'tldts';
import { parseEmail } from './email.js';
import { isFreeMailDomain } from './free-mail.js';

/**
 * Lower-case ASCII labels of letters, digits and hyphens, the last starting with a letter: a host
 * `new URL` returns as it is. Left to URL parsing: anything else, IPv4 forms (a last label that is
 * a number or starts `0x`), empty labels, and punycode (`xn--`), which URL parsing checks.
 */
const plainHost = /^(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*$/;
const isPlainHost = (value: string) => plainHost.test(value) && !value.includes('xn--');

/**
 * The registrable domain (eTLD+1) of a URL, host name or email address, lower-case ASCII:
 * `https://www.Shop.Example.co.uk/about` -> `example.co.uk`. Null when there is none (IPs, bare TLDs).
 */
export const normalizeDomain = (raw: string | null | undefined): string | null => {
  if (!raw) return null;
  let value = raw.trim().toLowerCase();
  if (!value) return null;
  if (value.includes('@') && !value.includes('/')) return domainFromEmail(value, { allowFreeMail: true });
  let host = value;
  // The usual input is a bare host name, which URL parsing gives back unchanged: no URL is built.
  if (!isPlainHost(value)) {
    if (!/^[a-z][a-z0-9+.-]*:\/\//.test(value)) value = `http://${value.replace(/^\/+/, '')}`;
    try {
      host = new URL(value).hostname;
    } catch {
      return null;
    }
  }
  const domain = getDomain(host, { allowPrivateDomains: false });
  return domain || null;
};

/** The company domain of a work address; null for free-mail providers unless asked. */
export const domainFromEmail = (
  raw: string | null | undefined,
  options: { allowFreeMail?: boolean } = {},
): string | null => {
  const parsed = parseEmail(raw);
  if (!parsed) return null;
  if (parsed.isFreeMail && !options.allowFreeMail) return null;
  return getDomain(parsed.domain) || null;
};

/**
 * Sites whose pages are profiles of others: `linkedin.com/company/acme` names Acme's page on
 * LinkedIn, not Acme's domain. A bare `linkedin.com` is still LinkedIn's own domain.
 */
const PROFILE_HOSTS = new Set([
  'linkedin.com',
  'facebook.com',
  'twitter.com',
  'x.com',
  'instagram.com',
  'youtube.com',
  'crunchbase.com',
  'zoominfo.com',
  'apollo.io',
  'github.com',
  'xing.com',
  'angel.co',
  'wellfound.com',
  'glassdoor.com',
  'google.com',
  'bit.ly',
]);

/** True for a URL of a page on a profile site (`linkedin.com/company/acme`), not a company's own site. */
export const isProfilePage = (raw: string | null | undefined): boolean => {
  const domain = normalizeDomain(raw);
  if (!domain || !PROFILE_HOSTS.has(domain) || !raw) return false;
  const path = raw
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^[^/?#]*/, '');
  return path.replace(/^\/+$/, '') !== '';
};

/** A company domain that can stand for an employer: registrable, not free mail, not a profile page. */
export const companyDomain = (raw: string | null | undefined): string | null => {
  const domain = normalizeDomain(raw);
  return domain && !isFreeMailDomain(domain) && !isProfilePage(raw) ? domain : null;
};
