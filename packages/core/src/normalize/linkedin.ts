export interface LinkedInProfile {
  kind: 'person' | 'company';
  /** Lower-case, percent-decoded slug. */
  slug: string;
  /** Canonical form without scheme: `linkedin.com/in/<slug>` or `linkedin.com/company/<slug>`. */
  url: string;
}

const HOST_RE = /^(?:[a-z]{2,3}\.|www\.|m\.|mobile\.)?(?:[a-z]{2,3}\.)?linkedin\.com$/;

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

// Old public profiles `/pub/<name>/<a>/<b>/<c>` became `/in/<name>-<c><b><a>` (parts zero-padded to 3).
const fromPub = (parts: string[]): string | null => {
  const [name, a, b, c] = parts;
  if (!name) return null;
  if (!a || !b || !c) return name;
  if (![a, b, c].every((p) => /^[0-9a-f]{1,3}$/i.test(p))) return name;
  return `${name}-${c}${b.padStart(3, '0')}${a.padStart(3, '0')}`;
};

/** Parses a LinkedIn person or company URL in any of its common shapes; null if it is not one. */
export const parseLinkedInUrl = (raw: string | null | undefined): LinkedInProfile | null => {
  if (!raw) return null;
  let value = raw.trim();
  if (!value) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) value = `https://${value.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (!HOST_RE.test(host)) return null;
  const parts = url.pathname
    .split('/')
    .filter(Boolean)
    .map((p) => safeDecode(p).trim().toLowerCase());
  // The lite mobile site prefixes paths with /mwlite.
  if (parts[0] === 'mwlite') parts.shift();
  const section = parts[0];
  let slug: string | null | undefined;
  let kind: LinkedInProfile['kind'];
  if (section === 'in') {
    kind = 'person';
    slug = parts[1];
  } else if (section === 'pub' && parts[1] !== 'dir') {
    kind = 'person';
    slug = fromPub(parts.slice(1));
  } else if (section === 'company' || section === 'showcase') {
    kind = 'company';
    slug = parts[1];
  } else {
    return null;
  }
  if (!slug) return null;
  slug = slug.replace(/\s+/g, '-');
  if (!/^[\p{L}\p{N}_.-]+$/u.test(slug)) return null;
  const path = kind === 'person' ? 'in' : 'company';
  return { kind, slug, url: `linkedin.com/${path}/${slug}` };
};

/** Canonical `linkedin.com/in/<slug>` or `linkedin.com/company/<slug>`, or null. */
export const normalizeLinkedInUrl = (raw: string | null | undefined): string | null =>
  parseLinkedInUrl(raw)?.url ?? null;
