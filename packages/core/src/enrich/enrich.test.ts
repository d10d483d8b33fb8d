import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichContext, seedEnrichFixtures } from '../../testing/enrich-fixtures.js';
import { isDossierError } from '../errors.js';
import { runOperation } from '../run-operation.js';
import { enrichOperation } from './enrich.js';

let database: Database;
let ids: Awaited<ReturnType<typeof seedEnrichFixtures>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seedEnrichFixtures(database);
});
afterAll(async () => {
  await database.close();
});

type Out = Record<string, unknown> & {
  company: string | null;
  company_profile: Record<string, unknown> | null;
  contacts: Array<Record<string, unknown>>;
  match: {
    entity: string;
    matched_on: string[];
    unmatched: string[];
    confidence: number;
    ambiguous: boolean;
  };
  ip?: Record<string, unknown>;
};
const call = async (input: Record<string, unknown>, pii = true) =>
  (await runOperation(enrichOperation as never, enrichContext(database, { pii }), input)) as Out;
const failure = async (input: Record<string, unknown>) => {
  const error = await call(input).catch((e: unknown) => e);
  if (!isDossierError(error)) throw new Error(`expected a DossierError, got ${JSON.stringify(error)}`);
  return error;
};

describe('enrich by company', () => {
  it('returns the company and its contacts, most senior first', async () => {
    const out = await call({
      domain: 'https://www.Northwind.example/about',
      fields: 'email,mobile,headcount',
    });
    expect(out.company).toBe('Northwind Traders');
    expect(out.company_profile).toMatchObject({
      domain: 'northwind.example',
      employee_count: 180,
      employee_range: '51-200',
    });
    expect(out.company_profile).not.toHaveProperty('industry');
    expect(out.match).toMatchObject({ entity: 'company', matched_on: ['domain'], confidence: 0.99 });
    expect(out.contacts.map((c) => c.name)).toEqual([
      'Mary Brown',
      'John Smith',
      'Robert Lee',
      'Kim Chen',
      'John Smith',
    ]);
    expect(out.contacts[1]).toMatchObject({
      title: 'VP Sales',
      email: 'jsmith@northwind.example',
      email_status: 'verified',
      mobile: '+14155550101',
      seniority: 'vp',
      department: 'sales',
      linkedin_url: 'https://www.linkedin.com/in/john-smith-nw',
      person_id: ids.john,
      confidence: 0.96,
    });
    expect(out.credits_used).toBe(0);
  });

  it('filters contacts by seniority, department, titles and limit', async () => {
    const names = async (input: Record<string, unknown>) =>
      (await call({ domain: 'northwind.example', ...input })).contacts.map((c) => c.title);
    expect(await names({ seniority: 'vp,cxo' })).toEqual(['Chief Marketing Officer', 'VP Sales']);
    expect(await names({ department: ['engineering'] })).toEqual([
      'Engineering Manager',
      'Software Engineer',
    ]);
    expect(await names({ titles: 'engineer' })).toEqual(['Engineering Manager', 'Software Engineer']);
    expect(await names({ limit: '2' })).toEqual(['Chief Marketing Officer', 'VP Sales']);
  });

  it('resolves an alias domain and a company name', async () => {
    expect((await call({ domain: 'northwind-traders.example' })).company).toBe('Northwind Traders');
    const byName = await call({ company: 'Northwind Traders, Inc.' });
    expect(byName.match).toMatchObject({ matched_on: ['company'], confidence: 0.9 });
  });

  it('answers 404 for an unknown domain', async () => {
    const error = await failure({ domain: 'nobody.example' });
    expect(error.code).toBe('not_found');
  });
});

describe('enrich by person identifier', () => {
  it('finds the person by email, with their company', async () => {
    const out = await call({ email: 'JSmith@Northwind.example' });
    expect(out.match).toMatchObject({ entity: 'person', matched_on: ['email'], ambiguous: false });
    expect(out.match.confidence).toBeGreaterThanOrEqual(0.99);
    expect(out.company).toBe('Northwind Traders');
    expect(out.contacts).toHaveLength(1);
    expect(out.contacts[0]).toMatchObject({ person_id: ids.john, email: 'jsmith@northwind.example' });
  });

  it('finds the person by LinkedIn URL in any form', async () => {
    const out = await call({ linkedin_url: 'linkedin.com/in/John-Smith-NW/?trk=x' });
    expect(out.contacts[0]?.person_id).toBe(ids.john);
    expect(out.match.matched_on).toEqual(['linkedin_url']);
  });

  it('finds the person by phone in a national form', async () => {
    const out = await call({ phone: '(415) 555-0102', country: 'US' });
    expect(out.contacts[0]).toMatchObject({ person_id: ids.mary, direct_dial: '+14155550102' });
  });

  it('follows a merged person id to its survivor', async () => {
    const out = await call({ person_id: 'per_mergedaway' });
    expect(out.contacts[0]?.person_id).toBe(ids.john);
    expect(out.match).toMatchObject({ matched_on: ['person_id'], confidence: 1 });
  });

  it('finds a name at a domain, nicknames included, and keeps namesakes apart', async () => {
    const bob = await call({ first_name: 'Bob', last_name: 'Lee', domain: 'northwind.example' });
    expect(bob.contacts.map((c) => c.person_id)).toEqual([ids.robert]);
    expect(bob.match.matched_on).toEqual(['name', 'domain']);
    const johns = await call({ name: 'John Smith', company: 'Northwind Traders' });
    expect(johns.match.ambiguous).toBe(true);
    expect(johns.contacts.map((c) => c.person_id).sort()).toEqual([ids.john, ids.john2].sort());
    expect(johns.match.confidence).toBeLessThan(0.8);
    // Another identifier settles it.
    const one = await call({
      name: 'John Smith',
      domain: 'northwind.example',
      email: 'jsmith2@northwind.example',
    });
    expect(one.contacts.map((c) => c.person_id)).toEqual([ids.john2]);
    expect(one.match).toMatchObject({ confidence: 0.99, ambiguous: false });
  });

  it('lowers confidence when identifiers disagree', async () => {
    const out = await call({ email: 'jsmith@northwind.example', domain: 'lyric-logistics.example' });
    expect(out.match.unmatched).toEqual(['domain']);
    expect(out.match.confidence).toBeLessThan(0.75);
  });

  it('answers 404 when nobody matches', async () => {
    expect((await failure({ email: 'nobody@northwind.example' })).code).toBe('not_found');
    expect((await failure({ linkedin_url: 'https://linkedin.com/in/nobody' })).code).toBe('not_found');
  });
});

describe('fields', () => {
  it('appends only what is asked, history and location on request', async () => {
    const out = await call({
      email: 'jsmith@northwind.example',
      fields: ['email', 'history', 'location', 'industry'],
    });
    const [john] = out.contacts;
    expect(john?.mobile).toBeNull();
    expect(john?.location).toEqual({ city: 'Seattle', region: null, country: 'US' });
    expect(john?.history).toEqual([
      expect.objectContaining({ company_name: 'Northwind Traders', is_current: true, num_sources: 1 }),
      expect.objectContaining({ company_name: 'Contoso', ended_at: '2023-02-01', is_current: false }),
    ]);
    expect(out.company_profile).toMatchObject({ industry: 'wholesale' });
    expect(out.company_profile).not.toHaveProperty('employee_count');
    const socials = await call({ email: 'jsmith@northwind.example', fields: 'socials,technologies' });
    expect(socials.contacts[0]?.socials).toEqual({ linkedin: 'https://www.linkedin.com/in/john-smith-nw' });
    expect(socials.contacts[0]?.email).toBeNull();
    expect(socials.company_profile?.technologies).toEqual([
      expect.objectContaining({ slug: 'salesforce', source: 'stored' }),
    ]);
  });

  it('names an unknown field', async () => {
    const error = await failure({ domain: 'northwind.example', fields: 'email,fax' });
    expect(error.code).toBe('invalid_request');
    expect(error.issues?.[0]?.path).toBe('fields.1');
    expect(error.message).toContain('fax');
  });
});

describe('match controls', () => {
  it('min_confidence turns a weak match into 404', async () => {
    const input = { name: 'John Smith', domain: 'northwind.example' };
    expect((await failure({ ...input, min_confidence: 0.6 })).code).toBe('not_found');
    expect((await call({ ...input, min_confidence: '0.3' })).contacts).toHaveLength(2);
    expect((await call({ email: 'jsmith@northwind.example', min_confidence: 0.9 })).contacts).toHaveLength(1);
  });

  it('required: a match without the fields is no match', async () => {
    expect(
      (await call({ email: 'jsmith@northwind.example', required: 'email AND mobile' })).contacts,
    ).toHaveLength(1);
    const error = await failure({ email: 'mbrown@northwind.example', required: 'email AND mobile' });
    expect(error.code).toBe('not_found');
    expect(
      (await call({ email: 'mbrown@northwind.example', required: 'email AND (mobile OR direct_dial)' }))
        .contacts,
    ).toHaveLength(1);
    const withMobile = await call({ domain: 'northwind.example', required: 'mobile' });
    expect(withMobile.contacts.map((c) => c.person_id)).toEqual([ids.john]);
    expect(
      (await failure({ domain: 'northwind.example', required: 'email AND fax' })).issues?.[0]?.path,
    ).toBe('required');
  });
});

describe('bad input', () => {
  it('says what is needed when nothing identifies anyone', async () => {
    const error = await failure({ fields: 'email' });
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain('domain');
    expect(error.message).toContain('linkedin_url');
  });

  it('names each unreadable identifier', async () => {
    const error = await failure({ email: 'not-an-email', ip: '999.1.1.1', name: 'Jane Doe' });
    expect(error.issues?.map((i) => i.path).sort()).toEqual(['email', 'ip', 'name']);
  });
});

describe('reverse IP', () => {
  it('resolves IPv4 and IPv6 addresses in company ranges', async () => {
    const v4 = await call({ ip: '192.0.2.10' });
    expect(v4.company).toBe('Northwind Traders');
    expect(v4.ip).toMatchObject({ range: '192.0.2.0/28', type: 'company', asn: 64500 });
    expect(v4.match.matched_on).toEqual(['ip']);
    const v6 = await call({ ip: '2001:db8:100::25' });
    expect(v6.company).toBe('Northwind Traders');
    expect(v6.ip).toMatchObject({ range: '2001:db8:100::/48', type: 'company' });
  });

  it('never names a company from an ISP range', async () => {
    const error = await failure({ ip: '203.0.113.9' });
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('isp range');
    expect((await failure({ ip: '198.51.100.1' })).code).toBe('not_found');
  });
});

describe('masking', () => {
  it('masks emails and phones for keys without pii', async () => {
    const out = await call({ email: 'jsmith@northwind.example' }, false);
    expect(out.contacts[0]).toMatchObject({ email: 'j***@northwind.example', mobile: '+1 415 ***-**01' });
  });
});

describe('bulk', () => {
  it('answers every record in order, bad ones included, with metadata echoed', async () => {
    const out = (await call({
      fields: 'email',
      records: [
        { email: 'jsmith@northwind.example', metadata: { row: 1 } },
        { email: 'broken', metadata: { row: 2 } },
        { domain: 'nobody.example', metadata: 'three' },
        { linkedin_url: 'https://www.linkedin.com/in/john-smith-nw', fields: 'mobile' },
        { email: 'mbrown@northwind.example', colour: 'blue' },
      ],
    })) as unknown as { results: Array<Record<string, unknown> & { result?: Out }> };
    expect(out.results.map((r) => r.status)).toEqual([200, 422, 404, 200, 422]);
    expect(out.results[0]).toMatchObject({ metadata: { row: 1 }, result: { company: 'Northwind Traders' } });
    expect(out.results[1]).toMatchObject({ metadata: { row: 2 }, error: 'invalid_request' });
    expect(out.results[2]).toMatchObject({ metadata: 'three', error: 'not_found' });
    expect(out.results[3]?.result?.contacts[0]).toMatchObject({ mobile: '+14155550101', email: null });
    expect(out.results[4]?.message).toContain('colour');
  });

  it('refuses more than 100 records', async () => {
    const records = Array.from({ length: 101 }, () => ({ domain: 'northwind.example' }));
    expect((await failure({ records })).issues?.[0]?.path).toBe('records');
  });
});
