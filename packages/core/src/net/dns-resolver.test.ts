import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDnsServer } from '../../testing/dns-test-server.js';
import { createResolver, type DnsResolverLike, safeResolveDns } from './dns-resolver.js';

let dns: TestDnsServer;
let resolver: DnsResolverLike;

beforeAll(async () => {
  dns = await startTestDns({
    'acme.test': {
      MX: [
        { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
        { exchange: 'ASPMX.L.GOOGLE.COM', priority: 1 },
      ],
      TXT: ['v=spf1 include:_spf.google.com ~all', `long=${'a'.repeat(400)}`],
      NS: ['ns1.acme.test'],
    },
    'www.acme.test': { CNAME: ['acme.netlify.app'] },
  });
  resolver = createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 });
});

afterAll(async () => {
  await dns.close();
});

describe('safeResolveDns', () => {
  it('returns MX sorted by priority, lower-case', async () => {
    expect(await safeResolveDns('acme.test', 'MX', { resolver })).toEqual([
      { exchange: 'aspmx.l.google.com', priority: 1 },
      { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
    ]);
  });

  it('joins TXT strings split into 255-byte chunks', async () => {
    const txt = await safeResolveDns('acme.test', 'TXT', { resolver });
    expect(txt).toContain('v=spf1 include:_spf.google.com ~all');
    expect(txt).toContain(`long=${'a'.repeat(400)}`);
  });

  it('reads NS and CNAME, and gives [] for a missing name or record', async () => {
    expect(await safeResolveDns('acme.test.', 'NS', { resolver })).toEqual(['ns1.acme.test']);
    expect(await safeResolveDns('www.acme.test', 'CNAME', { resolver })).toEqual(['acme.netlify.app']);
    expect(await safeResolveDns('nowhere.test', 'MX', { resolver })).toEqual([]);
    expect(await safeResolveDns('www.acme.test', 'MX', { resolver })).toEqual([]);
  });

  it('caps the number of records', async () => {
    expect(await safeResolveDns('acme.test', 'TXT', { resolver, maxRecords: 1 })).toHaveLength(1);
  });

  it('refuses a name that is not a DNS name', async () => {
    await expect(safeResolveDns('bad name!', 'MX', { resolver })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('gives up on a resolver that never answers', async () => {
    const hanging = { ...resolver, resolveMx: () => new Promise<never>(() => {}) } as DnsResolverLike;
    await expect(
      safeResolveDns('acme.test', 'MX', { resolver: hanging, timeoutMs: 100 }),
    ).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});
