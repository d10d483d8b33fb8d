import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/store.js';
import { classifyNetwork, importIpRanges, parseIp2asn, parseRangeCsv } from './import-ranges.js';
import { lookupIp } from './lookup-ip.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await saveCompany(database.db, { domain: 'northwind.example', name: 'Northwind Traders' });
});
afterAll(async () => {
  await database.close();
});

describe('parsing', () => {
  it('reads the plain CSV and names bad lines', () => {
    const parsed = parseRangeCsv(
      'cidr,domain,type\n192.0.2.5/28,www.northwind.example,company\n2001:db8:100::/48,northwind.example,\n' +
        '198.51.100.0/24,,hosting\nbad,x.example,company\n203.0.113.0/24,isp.example,carrier\n10.0.0.0/8,,company\n',
    );
    expect(parsed.rows).toEqual([
      { cidr: '192.0.2.0/28', type: 'company', domain: 'northwind.example', asn: null, asName: null },
      { cidr: '2001:db8:100::/48', type: 'company', domain: 'northwind.example', asn: null, asName: null },
      { cidr: '198.51.100.0/24', type: 'hosting', domain: null, asn: null, asName: null },
    ]);
    expect(parsed.errors.map((e) => e.line)).toEqual([5, 6, 7]);
  });

  it('reads ip2asn ranges as CIDRs, skipping unrouted space', () => {
    const parsed = parseIp2asn(
      '192.0.2.0\t192.0.2.130\t64500\tUS\tEXAMPLE-CLOUD-HOSTING\n' +
        '198.51.100.0\t198.51.100.255\t0\tNone\tNot routed\n' +
        '2001:db8::\t2001:db8:ffff:ffff:ffff:ffff:ffff:ffff\t64501\tDE\tEXAMPLE-BROADBAND GmbH\n' +
        'x\ty\tz\tUS\tbroken\n',
    );
    expect(parsed.rows.map((r) => [r.cidr, r.type, r.asn])).toEqual([
      ['192.0.2.0/25', 'hosting', 64500],
      ['192.0.2.128/31', 'hosting', 64500],
      ['192.0.2.130/32', 'hosting', 64500],
      ['2001:db8::/32', 'isp', 64501],
    ]);
    expect(parsed.errors).toHaveLength(1);
  });

  it('classifies networks without ever calling one a company', () => {
    expect(classifyNetwork('AMAZON-02')).toBe('hosting');
    expect(classifyNetwork('MIT - Massachusetts Institute of Technology')).toBe('education');
    expect(classifyNetwork('Federal Ministry of Finance')).toBe('government');
    expect(classifyNetwork('COMCAST-7922')).toBe('isp');
  });
});

describe('importIpRanges', () => {
  it('stores ranges, links company ranges by domain, and lookups find them', async () => {
    const csv = parseRangeCsv(
      '192.0.2.0/28,northwind.example,company\n192.0.2.16/28,unknown.example,company\n',
    );
    expect(await importIpRanges(database.db, csv.rows, 'csv')).toEqual({
      written: 2,
      linked: 1,
      unlinked: 1,
    });
    const tsv = parseIp2asn('192.0.2.0\t192.0.2.255\t64500\tUS\tEXAMPLE-CLOUD-HOSTING\n');
    await importIpRanges(database.db, tsv.rows, 'ip2asn');
    const inCompany = await lookupIp(database.db, '192.0.2.10');
    expect(inCompany).toMatchObject({
      range: '192.0.2.0/28',
      type: 'company',
      company: { name: 'Northwind Traders' },
    });
    const unknown = await lookupIp(database.db, '192.0.2.20');
    expect(unknown).toMatchObject({ range: '192.0.2.16/28', company: null, confidence: 0 });
    const hosting = await lookupIp(database.db, '192.0.2.200');
    expect(hosting).toMatchObject({ range: '192.0.2.0/24', type: 'hosting', asn: 64500, company: null });
    // Importing again replaces rather than duplicates.
    expect((await importIpRanges(database.db, tsv.rows, 'ip2asn')).written).toBe(1);
  });
});
