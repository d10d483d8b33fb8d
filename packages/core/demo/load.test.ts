import { companies, type Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from './generate.js';
import { loadDemoData } from './load.js';
import type { DemoCounts } from './types.js';

const tables: Record<keyof DemoCounts, string> = {
  source: 'sources',
  companies: 'companies',
  companyDomains: 'company_domains',
  companyTechnologies: 'company_technologies',
  people: 'people',
  personEmails: 'person_emails',
  personPhones: 'person_phones',
  personProfiles: 'person_profiles',
  employment: 'employment',
  ipRanges: 'ip_ranges',
  signals: 'signals',
  jobPostings: 'job_postings',
  jobChanges: 'job_changes',
};

describe('loadDemoData', () => {
  let database: Database;
  const data = generateDemoData(1, new Date('2026-11-22T09:00:00Z'));
  // A company that already owns one of the demo domains before the demo is loaded.
  const taken = data.companies[7];

  const countRows = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const [key, table] of Object.entries(tables)) {
      const [row] = await database.query<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
      out[key] = row?.n ?? -1;
    }
    return out;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(companies)
      .values({ id: 'cmp_existing', domain: taken?.domain ?? '', name: 'Already Here' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('loads everything once, and a second load inserts nothing', async () => {
    const first = await loadDemoData(database, { data });
    const takenDomains = data.companyDomains.filter((d) => d.companyId === taken?.id).length;
    const takenTech = data.companyTechnologies.filter((t) => t.companyId === taken?.id).length;
    const takenSignals = data.signals.filter((s) => s.companyId === taken?.id).length;
    const takenPostings = data.jobPostings.filter((s) => s.companyId === taken?.id).length;
    expect(first.inserted).toEqual({
      source: 1,
      companies: data.companies.length - 1,
      companyDomains: data.companyDomains.length - takenDomains,
      companyTechnologies: data.companyTechnologies.length - takenTech,
      people: data.people.length,
      personEmails: data.personEmails.length,
      personPhones: data.personPhones.length,
      personProfiles: data.personProfiles.length,
      employment: data.employment.length,
      ipRanges: data.ipRanges.length,
      signals: data.signals.length - takenSignals,
      jobPostings: data.jobPostings.length - takenPostings,
      jobChanges: data.jobChanges.length,
    });
    const counts = await countRows();
    expect(counts).toEqual({ ...first.inserted, companies: data.companies.length });

    const second = await loadDemoData(database, { data });
    expect(Object.values(second.inserted).every((n) => n === 0)).toBe(true);
    expect(await countRows()).toEqual(counts);
  }, 120_000); // two loads of the whole demo set (5,000 people with their keys) on a shared machine

  it('attaches the demo people of an already-owned domain to the company that owns it', async () => {
    const staff = data.people.filter((p) => p.companyId === taken?.id).length;
    const rows = await database.query<{ n: number }>(
      sql`select count(*)::int as n from people where company_id = 'cmp_existing'`,
    );
    expect(rows[0]?.n).toBe(staff);
    expect(staff).toBeGreaterThan(0);
  });

  it('stores values the way the rest of the service reads them', async () => {
    const [northwind] = await database.query<Record<string, unknown>>(sql`
      select c.name, c.employee_range, c.tech_slugs, c.tags, c.locations, c.socials
      from company_domains d join companies c on c.id = d.company_id
      where d.domain = 'northwindtraders.example'`);
    expect(northwind).toMatchObject({ name: 'Northwind Traders', employee_range: '1001-5000' });
    expect(northwind?.tech_slugs).toContain('salesforce');
    expect(northwind?.locations).toEqual(
      expect.arrayContaining([expect.objectContaining({ city: 'Seattle', hq: true })]),
    );
    expect((northwind?.socials as Record<string, string> | undefined)?.linkedin).toBe(
      'https://www.linkedin.com/company/northwind',
    );

    // Reverse IP through the GiST index, longest prefix first, for IPv4 and IPv6.
    for (const ip of ['192.0.2.10', '2001:db8:100::25']) {
      const [hit] = await database.query<{ domain: string; type: string }>(sql`
        select domain, type from ip_ranges where cidr >>= ${ip}::inet order by masklen(cidr) desc limit 1`);
      expect(hit).toEqual({ domain: 'northwind.example', type: 'company' });
    }
    const [isp] = await database.query<{ company_id: string | null; type: string }>(
      sql`select company_id, type from ip_ranges where cidr >>= '203.0.113.9'::inet`,
    );
    expect(isp).toEqual({ company_id: null, type: 'isp' });

    const [john] = await database.query<{ n: number; emails: number }>(sql`
      select count(distinct p.id)::int as n, count(distinct e.email)::int as emails
      from people p join companies c on c.id = p.company_id join person_emails e on e.person_id = p.id and e.type = 'work'
      where c.domain = 'northwind.example' and p.full_name = 'John Smith'`);
    expect(john).toEqual({ n: 2, emails: 2 });

    const [change] = await database.query<{ n: number }>(sql`
      select count(*)::int as n from job_changes j join employment e
        on e.person_id = j.person_id and e.company_id = j.to_company_id and e.is_current
      where j.detected_at >= e.started_at`);
    expect(change?.n).toBe(data.jobChanges.length);
  });
});
