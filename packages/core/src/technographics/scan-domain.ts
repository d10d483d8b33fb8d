import { invalid } from '../errors.js';
import type { DnsResolverLike } from '../net/dns-resolver.js';
import { type MxRecord, safeResolveDns } from '../net/dns-resolver.js';
import { type SafeFetchOptions, type SafeFetchResponse, safeFetch } from '../net/safe-fetch.js';
import { isSafeFetchError } from '../net/safe-fetch-error.js';
import { normalizeDomain } from '../normalize/domain.js';
import type { TtlCache } from './cache.js';
import { detectFromDns, detectFromHttp, type MergedDetection, mergeDetections } from './detect.js';
import { scanHtml } from './html-scan.js';
import { extractMeta, extractOrganization, type OrganizationInfo, type PageMeta } from './organization.js';

export interface ScanResult {
  domain: string;
  /** One entry per technology, strongest evidence first in `signals`. */
  technologies: MergedDetection[];
  organization: OrganizationInfo | null;
  meta: PageMeta | null;
  /** The homepage that was read, after redirects; null when none could be. */
  homepage: { url: string; status: number; truncated: boolean } | null;
  /** What could not be looked at, e.g. `homepage: ... resolves to a non-public address`. */
  errors: string[];
  /** ISO time of the scan (cached results keep the time they were made). */
  fetched_at: string;
}

export interface ScanDomainDeps {
  /** Used for the DNS lookups and to resolve the homepage host. */
  resolver?: DnsResolverLike;
  fetch?: Pick<
    SafeFetchOptions,
    'allowPrivate' | 'ports' | 'timeoutMs' | 'maxBytes' | 'userAgent' | 'maxRedirects'
  >;
  /** Non-default homepage ports, for tests against local servers. */
  homepagePorts?: { https?: number; http?: number };
  cache?: TtlCache<ScanResult>;
  /** Default 24 h; a scan that found nothing and failed somewhere is kept 5 min at most. */
  ttlMs?: number;
  /** Skip the cache read (the result is still stored). */
  force?: boolean;
  now?: () => Date;
  /** Names under the domain whose CNAME is looked up (hosting, help desk, landing pages, DKIM). */
  subdomains?: readonly string[];
  dnsTimeoutMs?: number;
}

export const defaultSubdomains = [
  'www',
  'support',
  'help',
  'status',
  'blog',
  'shop',
  'go',
  'info',
  'careers',
  'login',
  'sso',
  'autodiscover',
  'selector1._domainkey',
  's1._domainkey',
  'k1._domainkey',
] as const;

const dayMs = 24 * 60 * 60 * 1000;
const inFlight = new WeakMap<object, Map<string, Promise<ScanResult>>>();

/**
 * Live technographics for a domain: its DNS (MX, SPF, TXT, NS, CNAMEs of common names) and its
 * homepage (headers, cookies, scripts, meta, JSON-LD), fetched safely (https, then http).
 */
export const scanDomain = async (input: string, deps: ScanDomainDeps = {}): Promise<ScanResult> => {
  const domain = normalizeDomain(input);
  if (!domain) throw invalid([{ path: 'domain', message: `not a domain: ${input}` }]);
  const cache = deps.cache;
  const key = `technographics:${domain}`;
  if (cache && !deps.force) {
    const hit = await cache.get(key);
    if (hit) return hit;
  }
  const pending = cache ? (inFlight.get(cache) ?? new Map<string, Promise<ScanResult>>()) : undefined;
  if (cache && pending) inFlight.set(cache, pending);
  const running = pending?.get(domain);
  if (running) return running;

  const work = (async () => {
    const result = await scanLive(domain, deps);
    if (cache) {
      const ttl = deps.ttlMs ?? dayMs;
      const failed = result.technologies.length === 0 && result.errors.length > 0;
      await cache.set(key, result, failed ? Math.min(ttl, 5 * 60 * 1000) : ttl);
    }
    return result;
  })();
  pending?.set(domain, work);
  try {
    return await work;
  } finally {
    pending?.delete(domain);
  }
};

const scanLive = async (domain: string, deps: ScanDomainDeps): Promise<ScanResult> => {
  const errors: string[] = [];
  const dnsOptions = { resolver: deps.resolver, timeoutMs: deps.dnsTimeoutMs ?? 4000, maxRecords: 50 };
  const lookup = async <T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      errors.push(`dns ${what}: ${(error as Error).message}`);
      return fallback;
    }
  };
  const subdomains = deps.subdomains ?? defaultSubdomains;
  const [mx, txt, ns, cnames, homepage] = await Promise.all([
    lookup('MX', () => safeResolveDns(domain, 'MX', dnsOptions), [] as MxRecord[]),
    lookup('TXT', () => safeResolveDns(domain, 'TXT', dnsOptions), [] as string[]),
    lookup('NS', () => safeResolveDns(domain, 'NS', dnsOptions), [] as string[]),
    Promise.all(
      subdomains.map(async (sub) => {
        const name = `${sub}.${domain}`;
        const targets = await lookup(
          `CNAME ${name}`,
          () => safeResolveDns(name, 'CNAME', dnsOptions),
          [] as string[],
        );
        return targets.map((target) => ({ name, target }));
      }),
    ),
    fetchHomepage(domain, deps, errors),
  ]);

  const dnsFound = detectFromDns({ mx, txt, ns, cname: cnames.flat() });
  let httpFound: ReturnType<typeof detectFromHttp> = [];
  let organization: OrganizationInfo | null = null;
  let meta: PageMeta | null = null;
  if (homepage) {
    const isHtml = /html|xml/i.test(homepage.headers['content-type'] ?? 'text/html');
    const html = isHtml ? homepage.text() : '';
    const page = scanHtml(html);
    httpFound = detectFromHttp({ headers: homepage.headers, cookies: homepage.setCookies, html, page });
    organization = extractOrganization(page);
    meta = extractMeta(page);
  }
  return {
    domain,
    technologies: mergeDetections(dnsFound, httpFound),
    organization,
    meta,
    homepage: homepage ? { url: homepage.url, status: homepage.status, truncated: homepage.truncated } : null,
    errors,
    fetched_at: (deps.now?.() ?? new Date()).toISOString(),
  };
};

const fetchHomepage = async (
  domain: string,
  deps: ScanDomainDeps,
  errors: string[],
): Promise<SafeFetchResponse | null> => {
  const port = (value: number | undefined) => (value ? `:${value}` : '');
  const urls = [
    `https://${domain}${port(deps.homepagePorts?.https)}/`,
    `http://${domain}${port(deps.homepagePorts?.http)}/`,
  ];
  for (const url of urls) {
    try {
      return await safeFetch(url, {
        timeoutMs: 8000,
        maxBytes: 1024 * 1024,
        ...deps.fetch,
        onTooLarge: 'truncate',
        resolver: deps.resolver,
      });
    } catch (error) {
      errors.push(`homepage ${url}: ${(error as Error).message}`);
      // Only a connection problem is worth a second try over plain http.
      const retry = isSafeFetchError(error) && (error.reason === 'network' || error.reason === 'timeout');
      if (!retry) return null;
    }
  }
  return null;
};
