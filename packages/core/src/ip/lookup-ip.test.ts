import { ipRanges } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/store.js';
import { lookupIp, parseIpAddress } from './lookup-ip.js';

describe('reverse IP', () => {
  const database = createTestDatabase();
  beforeAll(async () => {
    const { db } = await database;
    const id = await saveCompany(db, { domain: 'northwind.example', name: 'Northwind' });
    await db.insert(ipRanges).values([
      { cidr: '192.0.2.0/24', type: 'isp', asn: 64500, asName: 'Example ISP' },
      { cidr: '192.0.2.0/28', type: 'company', companyId: id, asn: 64496 },
      { cidr: '2001:db8:100::/48', type: 'company', companyId: id },
      { cidr: '198.51.100.0/24', type: 'hosting', companyId: id }, // a host's range never names a company
    ]);
  });
  afterAll(async () => (await database).close());

  it('takes the longest prefix for IPv4 and IPv6', async () => {
    const { db } = await database;
    expect(await lookupIp(db, '192.0.2.10')).toMatchObject({
      range: '192.0.2.0/28',
      type: 'company',
      company: { domain: 'northwind.example' },
    });
    expect(await lookupIp(db, '192.0.2.200')).toMatchObject({
      range: '192.0.2.0/24',
      type: 'isp',
      company: null,
      confidence: 0,
    });
    expect(await lookupIp(db, '2001:db8:100::25')).toMatchObject({
      type: 'company',
      company: { domain: 'northwind.example' },
    });
    expect(await lookupIp(db, '198.51.100.7')).toMatchObject({ type: 'hosting', company: null });
    expect(await lookupIp(db, '203.0.113.1')).toBeNull();
  });

  it('parses addresses and refuses anything else', () => {
    expect(parseIpAddress(' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(parseIpAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(parseIpAddress('192.0.2.256')).toBeNull();
    expect(parseIpAddress('example.com')).toBeNull();
  });
});
