import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDnsServer } from '../../testing/dns-test-server.js';
import { isDossierError } from '../errors.js';
import { createResolver, type DnsResolverLike } from '../net/dns-resolver.js';
import { createMemoryCache } from './cache.js';
import { type ScanDomainDeps, type ScanResult, scanDomain } from './scan-domain.js';

const homepage = `<!doctype html><html><head>
<title>Acme Corp</title>
<meta name="description" content="Acme builds rockets for roadrunners.">
<meta property="og:site_name" content="Acme">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Corporation",
"description":"Rockets and anvils.","logo":"https://acme.test/logo.png","telephone":"+1 555 0100","foundingDate":"1949",
"sameAs":["https://www.linkedin.com/company/acme-corp","https://twitter.com/acme"],
"address":{"@type":"PostalAddress","addressLocality":"Phoenix","addressRegion":"AZ","addressCountry":"US"}}</script>
<script src="//js.hs-scripts.com/123.js" async></script>
<script src="https://js.stripe.com/v3/"></script>
<script src="https://static.hotjar.com/c/hotjar-1.js?sv=6"></script>
</head><body><div id="__next"></div><script src="/_next/static/chunks/app.js"></script></body></html>`;

let server: http.Server;
let port: number;
let dns: TestDnsServer;
let resolver: DnsResolverLike;
let pageHits = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    pageHits++;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      server: 'nginx/1.25.3',
      'x-vercel-id': 'iad1::abc',
      'set-cookie': ['__hssc=1; Path=/', '_ga=GA1.2.3; Path=/'],
    });
    res.end(homepage);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dns = await startTestDns({
    'acme.test': {
      A: ['127.0.0.1'],
      MX: [
        { exchange: 'aspmx.l.google.com', priority: 1 },
        { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
      ],
      TXT: [
        'v=spf1 include:_spf.google.com include:mail.zendesk.com ~all',
        'stripe-verification=0123456789abcdef',
        `atlassian-domain-verification=${'x'.repeat(300)}`,
      ],
      NS: ['amy.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
    },
    'www.acme.test': { CNAME: ['cname.vercel-dns.com'] },
    'support.acme.test': { CNAME: ['acme.zendesk.com'] },
    'internal.test': {
      A: ['10.0.0.7'],
      MX: [{ exchange: 'acme-test.mail.protection.outlook.com', priority: 0 }],
    },
  });
  resolver = createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 });
});

afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([new Promise((resolve) => server.close(resolve)), dns.close()]);
});

const deps = (extra: Partial<ScanDomainDeps> = {}): ScanDomainDeps => ({
  resolver,
  // TEST ONLY allowance: the local server on 127.0.0.1 stands in for a public web server.
  fetch: { allowPrivate: ['127.0.0.1'], ports: 'any', timeoutMs: 3000 },
  // https is tried first on the plain-http port: the TLS handshake fails and http is used.
  homepagePorts: { https: port, http: port },
  now: () => new Date('2026-01-02T03:04:05.000Z'),
  ...extra,
});

const slugs = (result: ScanResult) => result.technologies.map((t) => t.slug);

describe('scanDomain', () => {
  it('combines DNS and homepage findings with the organization the page describes', async () => {
    const result = await scanDomain('https://www.Acme.test/about', deps());
    expect(result.domain).toBe('acme.test');
    expect(result.fetched_at).toBe('2026-01-02T03:04:05.000Z');
    expect(result.homepage).toEqual({ url: `http://acme.test:${port}/`, status: 200, truncated: false });
    expect(result.errors).toEqual([
      expect.stringMatching(/^homepage https:\/\/acme\.test:\d+\/: could not fetch/),
    ]);
    expect(slugs(result)).toEqual(
      expect.arrayContaining([
        'google-workspace',
        'zendesk',
        'stripe',
        'atlassian',
        'cloudflare-dns',
        'vercel',
        'hubspot',
        'hotjar',
        'nextjs',
        'nginx',
        'google-analytics',
      ]),
    );
    const tech = (slug: string) => result.technologies.find((t) => t.slug === slug);
    expect(tech('google-workspace')).toMatchObject({ category: 'email', detected_by: 'mx' });
    expect(tech('zendesk')?.signals.map((s) => s.detected_by)).toEqual(['spf', 'cname']);
    expect(tech('stripe')?.signals.map((s) => s.detected_by)).toEqual(['txt', 'script']);
    expect(tech('vercel')?.signals.map((s) => s.detected_by)).toEqual(['cname', 'header']);
    expect(tech('hubspot')?.signals.map((s) => s.detected_by)).toEqual(['script', 'cookie']);
    expect(result.organization).toMatchObject({
      name: 'Acme Corporation',
      description: 'Rockets and anvils.',
      logo: 'https://acme.test/logo.png',
      telephone: '+1 555 0100',
      founding_date: '1949',
      address: { locality: 'Phoenix', region: 'AZ', country: 'US' },
      socials: {
        linkedin: 'https://www.linkedin.com/company/acme-corp',
        twitter: 'https://twitter.com/acme',
      },
    });
    expect(result.meta).toMatchObject({
      description: 'Acme builds rockets for roadrunners.',
      og: { site_name: 'Acme' },
    });
  });

  it('caches results for the time to live', async () => {
    let clock = 1_000_000;
    const cache = createMemoryCache<ScanResult>({ now: () => clock });
    const withCache = deps({ cache, ttlMs: 60_000 });
    const hitsBefore = pageHits;
    const first = await scanDomain('acme.test', withCache);
    const queriesAfterFirst = dns.queries.length;
    expect(pageHits).toBe(hitsBefore + 1);

    clock += 59_000;
    expect(await scanDomain('ACME.test', withCache)).toBe(first);
    expect(pageHits).toBe(hitsBefore + 1);
    expect(dns.queries.length).toBe(queriesAfterFirst);

    clock += 2_000;
    await scanDomain('acme.test', withCache);
    expect(pageHits).toBe(hitsBefore + 2);
    expect(await scanDomain('acme.test', { ...withCache, force: true })).not.toBe(first);
  });

  it('shares one scan between concurrent callers', async () => {
    const cache = createMemoryCache<ScanResult>();
    const hitsBefore = pageHits;
    const [a, b] = await Promise.all([
      scanDomain('acme.test', deps({ cache })),
      scanDomain('acme.test', deps({ cache })),
    ]);
    expect(a).toBe(b);
    expect(pageHits).toBe(hitsBefore + 1);
  });

  it('does not fetch a homepage that resolves privately, but keeps the DNS findings', async () => {
    const result = await scanDomain('internal.test', deps());
    expect(result.homepage).toBeNull();
    expect(result.errors).toEqual([expect.stringContaining('non-public address')]);
    expect(slugs(result)).toEqual(['microsoft-365']);
  });

  it('refuses 127.0.0.1 as well without the test allowance', async () => {
    const hitsBefore = pageHits;
    const result = await scanDomain('acme.test', { ...deps(), fetch: { ports: 'any' } });
    expect(result.homepage).toBeNull();
    expect(pageHits).toBe(hitsBefore);
    expect(slugs(result)).toContain('google-workspace');
  });

  it('rejects what is not a domain', async () => {
    const error = await scanDomain('not a domain', deps()).catch((e: unknown) => e);
    expect(isDossierError(error) && error.code).toBe('invalid_request');
  });
});
