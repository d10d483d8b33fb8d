// The company profile comes from one statement as a positional JSON array (company-json.ts): every
// field must land where the profile says, and the technologies' timestamps must read exactly as
// `toISOString` writes them, whatever the session's time zone and to the millisecond (the
// microseconds PostgreSQL keeps cut off, as `Date` cuts them).
import { companies, companyTechnologies, type Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoFromUtc } from '../shared/json-time.js';
import { findCompanyByDomain, saveCompany } from './store.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the stored company profile', () => {
  it('puts every field in its place, timestamps as toISOString writes them', async () => {
    const db = database.db;
    const id = await saveCompany(db, {
      domain: 'fields.test',
      name: 'Fields',
      legalName: 'Fields Ltd',
      description: 'Makes fields.',
      industry: 'software',
      employeeCount: 120,
      revenueRange: '$10M-50M',
      foundedYear: 2011,
      type: 'private',
      country: 'GB',
      region: 'England',
      city: 'Leeds',
      phone: '+441130000000',
      socials: { twitter: 'https://twitter.com/fields' },
      tags: ['saas'],
      aliasDomains: ['fields-alias.test', 'another-fields.test'],
      technologies: [
        { slug: 'slack', name: 'Slack', category: 'collaboration', detectedBy: 'dns_txt' },
        { slug: 'hubspot', name: 'HubSpot', category: 'crm' },
      ],
    });
    await db
      .update(companies)
      .set({ locations: [{ city: 'Leeds', country: 'GB', hq: true }, { city: 'York' }] })
      .where(eq(companies.id, id));
    await db
      .update(companyTechnologies)
      .set({
        firstSeen: sql`'2024-02-29 23:59:59.987654+00'::timestamptz`,
        lastSeen: sql`'2026-01-02 03:04:05+05:30'::timestamptz`,
      })
      .where(eq(companyTechnologies.slug, 'slack'));
    await db
      .update(companyTechnologies)
      .set({
        firstSeen: sql`'1999-12-31 23:00:00-01'::timestamptz`,
        lastSeen: sql`'2025-06-01 12:00:00.5+00'::timestamptz`,
      })
      .where(eq(companyTechnologies.slug, 'hubspot'));
    for (const zone of ['UTC', 'Asia/Kolkata'])
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local timezone = '${zone}'`));
        expect(await findCompanyByDomain(tx as never, 'another-fields.test')).toEqual({
          id,
          domain: 'fields.test',
          name: 'Fields',
          legal_name: 'Fields Ltd',
          description: 'Makes fields.',
          industry: 'software',
          employee_count: 120,
          employee_range: '51-200',
          revenue_range: '$10M-50M',
          founded_year: 2011,
          type: 'private',
          headquarters: { city: 'Leeds', region: 'England', country: 'GB' },
          locations: [
            { city: 'Leeds', region: null, country: 'GB', hq: true },
            { city: 'York', region: null, country: null, hq: false },
          ],
          phone: '+441130000000',
          socials: { twitter: 'https://twitter.com/fields' },
          alias_domains: ['another-fields.test', 'fields-alias.test'],
          tags: ['saas'],
          technologies: [
            {
              name: 'Slack',
              slug: 'slack',
              category: 'collaboration',
              detected_by: 'dns_txt',
              source: 'stored',
              first_seen: new Date('2024-02-29T23:59:59.987654Z').toISOString(),
              last_seen: '2026-01-01T21:34:05.000Z',
            },
            {
              name: 'HubSpot',
              slug: 'hubspot',
              category: 'crm',
              detected_by: 'import',
              source: 'stored',
              first_seen: '2000-01-01T00:00:00.000Z',
              last_seen: '2025-06-01T12:00:00.500Z',
            },
          ],
        });
      });
  });

  it('writes UTC timestamps as Date does, without parsing them', () => {
    for (const value of [
      '2026-01-02T03:04:05',
      '2026-01-02T03:04:05.6',
      '2026-01-02T03:04:05.67',
      '2026-01-02T03:04:05.678',
      '2026-01-02T03:04:05.6789',
      '2026-01-02T03:04:05.99999',
      '2024-02-29T23:59:59.987654',
    ])
      expect(isoFromUtc(value)).toBe(new Date(`${value}Z`).toISOString());
    expect(isoFromUtc(null)).toBeNull();
  });
});
