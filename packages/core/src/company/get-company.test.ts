import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, domainScans } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDnsServer } from '../../testing/dns-test-server.js';
import { enrichContext } from '../../testing/enrich-fixtures.js';
import { isDossierError } from '../errors.js';
import { createResolver } from '../net/dns-resolver.js';
import { runOperation } from '../run-operation.js';
import { getCompanyOperation } from './get-company.js';
import { configureLiveScans } from './live-scans.js';
import type { CompanyProfile } from './profile.js';
import { saveCompany } from './store.js';

const page = `<!doctype html><html><head><title>Pixel Forge</title>
<script type="application/ld+json">{"@type":"Organization","name":"Pixel Forge Ltd","foundingDate":"2015-04-01",
"address":{"addressLocality":"Leeds","addressCountry":"GB"},"sameAs":["https://www.linkedin.com/company/pixelforge"]}</script>
<script src="//js.hs-scripts.com/1.js"></script></head><body>hi</body></html>`;

let database: Database;
let site: http.Server;
let secret: http.Server;
let port: number;
let dns: TestDnsServer;
let siteHits = 0;
let secretHits = 0;
let rebinds = 0;

const listen = async (server: http.Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  site = http.createServer((req, res) => {
    siteHits++;
    if (req.url === '/' && req.headers.host?.startsWith('redirect.test')) {
      // Off to a private address: the fetcher must not follow.
      res.writeHead(302, { location: `http://secret.test:${port}/` });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': '__hssc=1; Path=/' });
    res.end(page);
  });
  // Stands for an internal service on a private address (another loopback address here).
  secret = http.createServer((_req, res) => {
    secretHits++;
    res.end('internal');
  });
  port = await listen(site, '127.0.0.1');
  await new Promise<void>((resolve) => secret.listen(port, '127.0.0.2', resolve));
  dns = await startTestDns({
    'acme.test': { A: ['127.0.0.1'], MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] },
    'pixelforge.test': { A: ['127.0.0.1'] },
    'private.test': { A: ['127.0.0.2'] },
    'metadata.test': { A: ['169.254.169.254'] },
    'secret.test': { A: ['127.0.0.2'] },
    'redirect.test': { A: ['127.0.0.1'] },
    // DNS rebinding: a harmless answer for the check, then the private one.
    'rebind.test': { A: () => (rebinds++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']) },
  });
  database = await createTestDatabase();
  await saveCompany(database.db, {
    domain: 'acme.test',
    name: 'Acme',
    technologies: [
      { slug: 'salesforce', name: 'Salesforce', category: 'crm' },
      { slug: 'hubspot', name: 'HubSpot', category: 'marketing-automation' },
    ],
  });
  await saveCompany(database.db, { domain: 'stored.test', name: 'Stored Only' });
  configureLiveScans(database, {
    deps: {
      resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }),
      // TEST ONLY: 127.0.0.1 stands for a public web server; 127.0.0.2 stays private.
      fetch: { allowPrivate: ['127.0.0.1'], ports: 'any', timeoutMs: 3000 },
      homepagePorts: { https: port, http: port },
      subdomains: ['www'],
      dnsTimeoutMs: 1000,
    },
  });
});

afterAll(async () => {
  configureLiveScans(database, null);
  for (const server of [site, secret]) server.closeAllConnections();
  await Promise.all([
    new Promise((r) => site.close(r)),
    new Promise((r) => secret.close(r)),
    dns.close(),
    database.close(),
  ]);
});

const get = async (input: Record<string, unknown>) =>
  (await runOperation(getCompanyOperation as never, enrichContext(database), input)) as CompanyProfile;
const notFound = async (input: Record<string, unknown>) => {
  const error = await get(input).catch((e: unknown) => e);
  return isDossierError(error) && error.code === 'not_found';
};
const tech = (company: CompanyProfile, slug: string) => company.technologies.find((t) => t.slug === slug);

describe('get_company with live technographics', () => {
  it('merges live findings into stored data and says where each came from', async () => {
    const acme = await get({ domain: 'https://www.acme.test/about' });
    expect(acme.name).toBe('Acme');
    expect(tech(acme, 'salesforce')).toMatchObject({ source: 'stored', detected_by: 'import' });
    expect(tech(acme, 'hubspot')).toMatchObject({ source: 'both', live_detected_by: ['script', 'cookie'] });
    expect(tech(acme, 'google-workspace')).toMatchObject({ source: 'live', detected_by: 'mx' });
  });

  it('keeps scans in domain_scans for their time to live, and refreshes on request', async () => {
    const [row] = await database.db.select().from(domainScans).where(eq(domainScans.domain, 'acme.test'));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const hits = siteHits;
    await get({ domain: 'acme.test' });
    expect(siteHits).toBe(hits);
    await get({ domain: 'acme.test', refresh: 'true' });
    expect(siteHits).toBeGreaterThan(hits);
    const stored = await get({ domain: 'acme.test', live: 'false' });
    expect(stored.technologies.map((t) => t.source)).toEqual(['stored', 'stored']);
  });

  it('builds a profile from the homepage for a domain it holds nothing on', async () => {
    const pixel = await get({ domain: 'pixelforge.test' });
    expect(pixel).toMatchObject({
      id: null,
      name: 'Pixel Forge Ltd',
      founded_year: 2015,
      headquarters: { city: 'Leeds', country: 'GB' },
      socials: { linkedin: 'https://www.linkedin.com/company/pixelforge' },
    });
    expect(tech(pixel, 'hubspot')?.source).toBe('live');
  });

  it('answers 404 when nothing is stored and nothing is found live', async () => {
    expect(await notFound({ domain: 'nothing-here.test' })).toBe(true);
    expect((await get({ domain: 'stored.test' })).name).toBe('Stored Only');
  });
});

describe('SSRF traps through get_company', () => {
  it('never fetches a homepage on a private or metadata address', async () => {
    const before = secretHits;
    expect(await notFound({ domain: 'private.test' })).toBe(true);
    expect(await notFound({ domain: 'metadata.test' })).toBe(true);
    expect(secretHits).toBe(before);
  });

  it('does not follow a redirect to a private address', async () => {
    const before = { site: siteHits, secret: secretHits };
    expect(await notFound({ domain: 'redirect.test' })).toBe(true);
    expect(siteHits).toBeGreaterThan(before.site);
    expect(secretHits).toBe(before.secret);
  });

  it('is not fooled by DNS rebinding', async () => {
    rebinds = 0;
    const before = secretHits;
    await get({ domain: 'rebind.test' }).catch(() => null);
    expect(rebinds).toBeGreaterThan(0);
    expect(secretHits).toBe(before);
  });
});
