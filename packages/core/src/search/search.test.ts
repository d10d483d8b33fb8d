import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchFixtures, testContext } from '../../testing/search-fixtures.js';
import { isDossierError } from '../errors.js';
import { runOperation } from '../run-operation.js';
import { maskPhone } from '../shared/mask.js';
import { searchCompaniesOperation, searchOperation, searchPeopleOperation } from './operations.js';

let database: Database;
let ids: Awaited<ReturnType<typeof seedSearchFixtures>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seedSearchFixtures(database);
});
afterAll(async () => {
  await database.close();
});

type Page = { data: { id: string; name: string }[]; total: number; cursor: string | null } & Record<
  string,
  unknown
>;

const companies = async (body: Record<string, unknown>) =>
  (await runOperation(searchCompaniesOperation, testContext(database), body)) as Page;
const people = async (body: Record<string, unknown>, scopes: ('search' | 'pii')[] = ['search']) =>
  (await runOperation(searchPeopleOperation, testContext(database, scopes), body)) as Page;
const names = (page: Page) => page.data.map((r) => r.name).sort();

const companyCases: [string, Record<string, unknown>, string[]][] = [
  ['industry id meets free text', { industry: ['fintech'] }, ['Ledgerly']],
  ['industry via "Computer Software"', { industry: ['software'] }, ['Berlin Labs']],
  [
    'industry via "Data & Analytics"',
    { industry: ['data_analytics', 'nonprofit'] },
    ['Data & Co', 'Helping Hands'],
  ],
  ['employees min/max', { employees: { min: 100, max: 1000 } }, ['Cargo Nord', 'Ledgerly']],
  ['employees min only', { employees: { min: 1001 } }, ['Data & Co']],
  [
    'employee range buckets',
    { employee_ranges: ['11-50', '1001-5000'] },
    ['Berlin Labs', 'Data & Co', 'Helping Hands'],
  ],
  ['revenue over 40M overlaps ranges', { revenue: { min: 60_000_000 } }, ['Cargo Nord', 'Data & Co']],
  ['revenue up to 10M: not the $10M-50M bucket', { revenue: { max: 10_000_000 } }, ['Berlin Labs']],
  ['revenue $10M-50M: that bucket only', { revenue: { min: 10_000_000, max: 50_000_000 } }, ['Ledgerly']],
  [
    'revenue from 50M: not the $10M-50M bucket',
    { revenue: { min: 50_000_000 } },
    ['Cargo Nord', 'Data & Co'],
  ],
  ['revenue 5M-20M: both buckets it cuts', { revenue: { min: 5e6, max: 2e7 } }, ['Berlin Labs', 'Ledgerly']],
  ['founded range', { founded: { min: 2000, max: 2016 } }, ['Data & Co', 'Ledgerly']],
  ['type', { type: ['public'] }, ['Cargo Nord', 'Data & Co']],
  ['country', { country: ['us', 'SE'] }, ['Cargo Nord', 'Data & Co', 'Helping Hands']],
  ['region, any case', { region: ['california'] }, ['Data & Co']],
  ['city', { city: ['LONDON', 'Berlin'] }, ['Berlin Labs', 'Ledgerly']],
  ['technologies all', { technologies: { all: ['salesforce', 'hubspot'] } }, ['Data & Co']],
  [
    'technologies any',
    { technologies: { any: ['sap', 'hubspot'] } },
    ['Berlin Labs', 'Cargo Nord', 'Data & Co'],
  ],
  ['technologies none', { technologies: { none: ['salesforce'] } }, ['Berlin Labs', 'Helping Hands']],
  ['technology category', { technologies: { categories: ['crm'] } }, ['Cargo Nord', 'Data & Co', 'Ledgerly']],
  [
    'two categories: all of them',
    { technologies: { categories: ['crm', 'marketing-automation'] } },
    ['Data & Co'],
  ],
  ['tags', { tags: ['SaaS', 'charity'] }, ['Berlin Labs', 'Helping Hands', 'Ledgerly']],
  ['keywords: all, stemmed', { keywords: ['warehouses', 'retailer'] }, ['Data & Co']],
  ['has domain', { has_domain: true, country: ['DE'] }, ['Ledgerly']],
  [
    'combined',
    { country: ['DE', 'SE'], technologies: { all: ['salesforce'] }, type: ['public'] },
    ['Cargo Nord'],
  ],
  ['exclude a country', { exclude: { country: ['US'] } }, ['Berlin Labs', 'Cargo Nord', 'Ledgerly']],
  [
    'exclude industries, keep the rest',
    { exclude: { industry: ['software', 'logistics'] } },
    ['Data & Co', 'Helping Hands', 'Ledgerly'],
  ],
  [
    'exclude a type and a city',
    { exclude: { type: ['public'], city: ['berlin'] } },
    ['Berlin Labs', 'Helping Hands'],
  ],
  ['exclude a technology', { exclude: { technologies: ['salesforce'] } }, ['Berlin Labs', 'Helping Hands']],
  ['exclude tags', { exclude: { tags: ['SAAS'] } }, ['Cargo Nord', 'Data & Co', 'Helping Hands']],
  ['by name or domain', { name: ['ledgerly', 'cargonord.example'] }, ['Cargo Nord', 'Ledgerly']],
  ['exclude by name', { exclude: { name: ['Data & Co'] }, country: ['US'] }, ['Helping Hands']],
];

describe('company filters', () => {
  it.each(companyCases)('%s', async (_label, filters, expected) => {
    const page = await companies({ filters, limit: 100 });
    expect(names(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(page.total_is_estimate).toBe(false);
  });
});

// People carry their company's filter values (facets kept by triggers): the same filters, under
// `company`, must find exactly the people of the companies above. Sam has no company, so even
// `technologies.none` leaves him out.
describe('company filters on the current company of people', () => {
  const staff: Record<string, string[]> = {
    Ledgerly: ['Anna Schmidt'],
    'Berlin Labs': ['Ben Ortiz'],
    'Cargo Nord': ['Clara Lind'],
    'Data & Co': ['Eve Adams'],
    'Helping Hands': [],
  };
  it.each(companyCases)('%s', async (_label, filters, expected) => {
    const page = await people({ filters: { company: filters }, limit: 100 });
    const want = expected.flatMap((company) => staff[company] ?? []).sort();
    expect(names(page)).toEqual(want);
    expect(page.total).toBe(want.length);
  });
});

describe('people filters', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['title keyword', { title: ['cto', 'chief technology officer'] }, ['Ben Ortiz', 'Eve Adams']],
    ['title phrase', { title: ['head of marketing'] }, ['Clara Lind']],
    ['a name is no title', { title: ['berlin'] }, []],
    ['seniority', { seniority: ['vp', 'director'] }, ['Anna Schmidt', 'Clara Lind']],
    ['department', { department: ['sales'] }, ['Anna Schmidt', 'Sam Berlin']],
    ['country', { country: ['US'] }, ['Eve Adams', 'Sam Berlin']],
    ['region', { region: ['Stockholm County'] }, ['Clara Lind']],
    ['city', { city: ['london'] }, ['Ben Ortiz']],
    ['has verified email', { has_verified_email: true }, ['Anna Schmidt', 'Eve Adams']],
    ['without verified email', { has_verified_email: false }, ['Ben Ortiz', 'Clara Lind', 'Sam Berlin']],
    ['has mobile', { has_mobile: true }, ['Anna Schmidt', 'Clara Lind']],
    ['email status', { email_status: ['accept_all'] }, ['Ben Ortiz']],
    ['company industry', { company: { industry: ['logistics'] } }, ['Clara Lind']],
    [
      'company size and tech',
      { company: { employees: { max: 500 }, technologies: { any: ['salesforce'] } } },
      ['Anna Schmidt'],
    ],
    ['person and company', { seniority: ['cxo'], company: { country: ['US'] } }, ['Eve Adams']],
    ['exclude a country', { exclude: { country: ['US'] } }, ['Anna Schmidt', 'Ben Ortiz', 'Clara Lind']],
    [
      'exclude a title and a seniority',
      { exclude: { title: ['cto'], seniority: ['vp'] } },
      ['Clara Lind', 'Eve Adams', 'Sam Berlin'],
    ],
    ['exclude a department', { exclude: { department: ['sales', 'engineering'] } }, ['Clara Lind']],
    [
      'exclude a company country',
      { company: { exclude: { country: ['US', 'DE'] } } },
      ['Ben Ortiz', 'Clara Lind'],
    ],
    ['at a named company', { company: { name: ['Ledgerly'] } }, ['Anna Schmidt']],
  ];
  it.each(cases)('%s', async (_label, filters, expected) => {
    const page = await people({ filters, limit: 100 });
    expect(names(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('returns the current company and masks contact data without the pii scope', async () => {
    const page = await people({ filters: { seniority: ['vp'] } });
    expect(page.data[0]).toMatchObject({
      id: ids.people.anna,
      company: { id: ids.companies.ledgerly, domain: 'ledgerly.example', name: 'Ledgerly' },
      email: 'a***@ledgerly.example',
      phone: maskPhone('+4915112345678'),
      contact_masked: true,
      has_verified_email: true,
      has_mobile: true,
    });
    const full = await people({ filters: { seniority: ['vp'] } }, ['search', 'pii']);
    expect(full.data[0]).toMatchObject({
      email: 'anna.schmidt@ledgerly.example',
      phone: '+4915112345678',
      contact_masked: false,
    });
    const eve = await people({ filters: { city: ['San Francisco'] } });
    expect(eve.data[0]).toMatchObject({ phone: '+1 415 ***-**12', has_mobile: false });
  });
});

describe('plain language end to end', () => {
  it('reads the sentence, reports the reading and lets explicit filters win', async () => {
    const page = await companies({ query: 'fintech companies in Germany using Salesforce' });
    expect(names(page)).toEqual(['Ledgerly']);
    expect(page.interpreted).toMatchObject({
      filters: { industry: ['fintech'], country: ['DE'], technologies: { all: ['salesforce'] } },
      leftover: '',
    });
    const overridden = await companies({
      query: 'fintech companies in Germany using Salesforce',
      filters: { industry: ['logistics'], country: ['SE'] },
    });
    expect(names(overridden)).toEqual(['Cargo Nord']);
  });

  it('reads negations as exclusions, never as the positive filter', async () => {
    const notUs = await companies({ query: 'companies not in the US', limit: 100 });
    expect(notUs.interpreted).toMatchObject({ filters: { exclude: { country: ['US'] } } });
    expect(names(notUs)).toEqual(['Berlin Labs', 'Cargo Nord', 'Ledgerly']);
    const tech = await companies({ query: 'companies using Salesforce but not Snowflake', limit: 100 });
    expect(names(tech)).toEqual(['Cargo Nord', 'Ledgerly']);
    const ppl = await people({ query: 'people outside the US', limit: 100 });
    expect(names(ppl)).toEqual(['Anna Schmidt', 'Ben Ortiz', 'Clara Lind']);
  });

  it('ranks by the words no filter read, and never drops a row for them', async () => {
    const page = await companies({
      query: "I'm looking for top companies in the US with great meals",
      limit: 100,
    });
    expect(page.interpreted).toMatchObject({
      filters: { country: ['US'] },
      unused_words: ['top', 'great', 'meals'],
    });
    // Both US companies; the one whose description has "meals" first.
    expect(page.data.map((r) => r.name)).toEqual(['Helping Hands', 'Data & Co']);
    const ranked = page.data as unknown as { score: number }[];
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? 0);
    const none = await companies({ query: 'innovative leading companies in Sweden' });
    expect(names(none)).toEqual(['Cargo Nord']);
    expect(none.interpreted).toMatchObject({ unused_words: ['innovative', 'leading'] });
  });

  it('reads a company named in the sentence as a filter', async () => {
    const page = await people({ query: 'people at Ledgerly', limit: 100 });
    expect(page.interpreted).toMatchObject({
      filters: { company: { name: ['Ledgerly'] } },
      unused_words: [],
    });
    expect(names(page)).toEqual(['Anna Schmidt']);
    const lower = await people({ query: 'sales people at data & co', limit: 100 });
    expect(lower.interpreted).toMatchObject({
      filters: { department: ['sales'], company: { name: ['Data & Co'] } },
    });
    const byDomain = await people({ query: 'CTOs at dataco.example', limit: 100 });
    expect(names(byDomain)).toEqual(['Eve Adams']);
    // No such company: the words only rank.
    const unknown = await people({ query: 'CTOs at Nowhere Industries', limit: 100 });
    expect(unknown.interpreted).toMatchObject({ unused_words: ['nowhere', 'industries'] });
    expect(names(unknown)).toEqual(['Ben Ortiz', 'Eve Adams']);
  });

  it('orders by headcount without words to rank, by the sort asked for, and pages in that order', async () => {
    type Row = { name: string; employee_count: number | null; founded_year: number | null; score?: number };
    const rows = (page: Page) => page.data as unknown as Row[];
    const all = await companies({ limit: 100 });
    const counts = rows(all).map((r) => r.employee_count ?? -1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(rows(all).every((r) => r.score === undefined)).toBe(true);
    const founded = rows(await companies({ limit: 100, sort: 'founded' })).map((r) => r.founded_year ?? 0);
    expect(founded).toEqual([...founded].sort((a, b) => b - a));
    const first = await companies({ limit: 2, sort: 'employees' });
    const second = await companies({ limit: 2, sort: 'employees', cursor: first.cursor });
    expect([...first.data, ...second.data].map((r) => r.name)).toEqual(
      all.data.slice(0, 4).map((r) => r.name),
    );
    const ppl = (await people({ limit: 100 })).data as unknown as { seniority: string }[];
    const rank = ['entry', 'senior', 'manager', 'director', 'vp', 'partner', 'owner', 'cxo'];
    const ranks = ppl.map((p) => rank.indexOf(p.seniority));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const ranked = await companies({ query: 'payments platform' });
    expect((ranked.data[0] as unknown as Row).score).toBeGreaterThan(0);
  });

  it('keeps revenue buckets apart', async () => {
    const bucket = await companies({ query: 'companies with revenue $10M-$50M', limit: 100 });
    expect(bucket.interpreted).toMatchObject({ filters: { revenue: { min: 10_000_000, max: 50_000_000 } } });
    expect(names(bucket)).toEqual(['Ledgerly']);
    const under = await companies({ query: 'companies under $10M in revenue', limit: 100 });
    expect(names(under)).toEqual(['Berlin Labs']);
  });

  it('keeps a company name as text: "Berlin Labs" in London', async () => {
    const page = await companies({ query: 'Berlin Labs in London' });
    expect(page.interpreted).toMatchObject({ filters: { city: ['London'] } });
    expect(names(page)).toEqual(['Berlin Labs']);
    expect((page.data[0] as unknown as { score: number }).score).toBeGreaterThan(1);
  });

  it('ranks by text relevance and matches names by similarity', async () => {
    const page = await companies({ query: 'ledgerley' });
    expect(names(page)).toEqual(['Ledgerly']);
    const text = await companies({ query: 'freight warehousing' });
    expect(names(text)).toEqual(['Cargo Nord']);
  });

  it('reads roles and the company part for people', async () => {
    const page = await people({ query: 'VPs of sales at fintech companies in Germany' });
    expect(names(page)).toEqual(['Anna Schmidt']);
    const ctos = await people({ query: 'CTOs with a verified email' });
    expect(names(ctos)).toEqual(['Eve Adams']);
  });

  it('serves both entities through the search operation', async () => {
    const ctx = testContext(database);
    const c = (await runOperation(searchOperation, ctx, { query: 'public companies' })) as Page;
    expect(c.entity).toBe('companies');
    expect(names(c)).toEqual(['Cargo Nord', 'Data & Co']);
    const p = (await runOperation(searchOperation, ctx, {
      entity: 'people',
      filters: { department: ['engineering'], company: { type: ['public'] } },
    })) as Page;
    expect(p.entity).toBe('people');
    expect(names(p)).toEqual(['Eve Adams']);
  });
});

describe('bad input', () => {
  const issuesOf = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (isDossierError(error) && error.code === 'invalid_request') return error.issues?.map((i) => i.path);
      throw error;
    }
    throw new Error('expected invalid_request');
  };
  it.each([
    [{ filters: { colour: ['red'] } }, ['filters.colour']],
    [{ filters: { industry: ['spaceships'] } }, ['filters.industry.0']],
    [{ filters: { employees: { min: 10, max: 5 } } }, ['filters.employees.max']],
    [{ limit: 0 }, ['limit']],
    [{ limit: 101 }, ['limit']],
    [{ cursor: 'abc.def' }, ['cursor']],
    [{ filters: { exclude: { country: ['USA'] } } }, ['filters.exclude.country.0']],
    [{ filters: { exclude: {} } }, ['filters.exclude']],
  ])('%j -> 422 naming %j', async (body, paths) => {
    expect(await issuesOf(() => companies(body))).toEqual(paths);
  });

  it('rejects a tampered cursor and one from another search', async () => {
    const first = await companies({ limit: 1 });
    const cursor = first.cursor as string;
    const [payload = '', sum] = cursor.split('.');
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...json, i: 'cmp_zzz' })).toString('base64url')}.${sum}`;
    expect(await issuesOf(() => companies({ limit: 1, cursor: forged }))).toEqual(['cursor']);
    expect(await issuesOf(() => companies({ limit: 1, cursor, query: 'fintech' }))).toEqual(['cursor']);
  });

  it('rejects people filters on companies and company filters at the top of people', async () => {
    const ctx = testContext(database);
    await expect(
      issuesOf(() =>
        runOperation(searchOperation, ctx, { entity: 'people', filters: { industry: ['fintech'] } }),
      ),
    ).resolves.toEqual(['filters.industry']);
    await expect(issuesOf(() => people({ filters: { industry: ['fintech'] } }))).resolves.toEqual([
      'filters.industry',
    ]);
    await expect(
      issuesOf(() =>
        runOperation(searchOperation, ctx, {
          entity: 'people',
          filters: { exclude: { industry: ['fintech'] } },
        }),
      ),
    ).resolves.toEqual(['filters.exclude.industry']);
    await expect(
      issuesOf(() => runOperation(searchOperation, ctx, { filters: { exclude: { seniority: ['vp'] } } })),
    ).resolves.toEqual(['filters.exclude.seniority']);
  });
});
