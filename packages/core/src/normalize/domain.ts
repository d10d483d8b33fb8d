import { getDomain } from 'tldts';
import { parseEmail } from './email.js';
import { isFreeMailDomain } from './free-mail.js';

/**
 * The registrable domain (eTLD+1) of a URL, host name or email address, lower-case ASCII:
 * `https://www.Shop.Example.co.uk/about` -> `example.co.uk`. Null when there is none (IPs, bare TLDs).
 */
export const normalizeDomain = (raw: string | null | undefined): string | null => {
  if (!raw) return null;
  let value = raw.trim().toLowerCase();
  if (!value) return null;
  if (value.includes('@') && !value.includes('/')) return domainFromEmail(value, { allowFreeMail: true });
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(value)) value = `http://${value.replace(/^\/+/, '')}`;
  let host: string;
  try {
    host = new URL(value).hostname;
  } catch {
    return null;
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

/** A company domain that can stand for an employer: registrable and not free mail. */
export const companyDomain = (raw: string | null | undefined): string | null => {
  const domain = normalizeDomain(raw);
  return domain && !isFreeMailDomain(domain) ? domain : null;
};
