import { describe, expect, it } from 'vitest';
import { Dossier } from '../src/index.js';
import { client, server } from './helpers.js';

describe('one method per operation, against the real server', () => {
  it('company(domain) returns the profile and records the rate-limit state', async () => {
    const dossier = client();
    expect(dossier.rateLimit).toBeUndefined();
    const company = await dossier.company('https://www.northwind.example/about');
    expect(company.domain).toBe('northwind.example');
    expect(company.credits_used).toBe(0);
    const state = dossier.rateLimit;
    expect(state?.limit).toBeGreaterThan(0);
    expect(state?.remaining).toBeLessThan(state?.limit as number);
    expect(state?.reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(state?.reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
    const before = state?.remaining as number;
    await dossier.company('northwind.example');
    expect(dossier.rateLimit?.remaining).toBeLessThan(before);
  });

  it('usage() reports the organization and its requests', async () => {
    const usage = await client().usage();
    expect(usage.organization.plan).toBe('enterprise');
    expect(usage.from <= usage.to).toBe(true);
    const ranged = await client().usage({ from: usage.to, to: usage.to });
    expect(ranged.from).toBe(usage.to);
  });

  it('audience() hashes contacts for a network', async () => {
    const out = await client().audience({
      network: 'meta',
      contacts: [
        { email: 'Jane.Doe@example.com', phone: '+1 415 555 0100', country: 'US' },
        { email: 'nope' },
      ],
    });
    // Long lists answer with a job instead (202); two contacts are answered at once.
    if ('job' in out) throw new Error('expected the identifiers, not a job');
    expect(out.network).toBe('meta');
    expect(out.summary.contacts).toBe(2);
    expect(out.results?.[0]?.identifiers).toBeDefined();
    expect(JSON.stringify(out.results?.[0]?.identifiers)).toMatch(/[0-9a-f]{64}/);
    expect(out.results?.[1]?.rejected.length).toBeGreaterThan(0);
  });

  it('search.companies, search.people and search answer with pages', async () => {
    const dossier = client();
    const companies = await dossier.search.companies({ query: 'software companies', limit: 3 });
    expect(companies.entity).toBe('companies');
    expect(companies.data.length).toBeGreaterThan(0);
    expect(companies.data.length).toBeLessThanOrEqual(3);
    const people = await dossier.search.people({ query: 'CTOs', limit: 2 });
    expect(people.entity).toBe('people');
    expect(people.data.length).toBeGreaterThan(0);
    const either = await dossier.search({ entity: 'people', query: 'heads of marketing', limit: 2 });
    expect(either.entity).toBe('people');
  });

  it('verify() answers up to 100 addresses at once', async () => {
    const out = await client().verify(['not-an-address', 'also@@bad']);
    if (!('results' in out)) throw new Error('expected results');
    expect(out.results).toHaveLength(2);
    expect(out.results[0]?.input).toBe('not-an-address');
    expect(out.results[0]?.status).toBe('undeliverable');
  });

  it('enrich() appends company and contacts for a domain, and answers records in bulk', async () => {
    const dossier = client();
    const one = await dossier.enrich({ domain: 'northwind.example', limit: 3 });
    if (!('match' in one)) throw new Error('expected a single answer');
    expect(one.company_profile?.domain).toBe('northwind.example');
    expect(one.match.entity).toBe('company');
    const bulk = await dossier.enrich({
      records: [{ domain: 'northwind.example' }, { domain: 'nobody-knows-this.example' }],
    });
    if (!('results' in bulk)) throw new Error('expected bulk results');
    expect(bulk.results.map((r) => r.status)).toEqual([200, 404]);
  });

  it('person(id) returns a stored person found by search', async () => {
    const dossier = client();
    const [first] = (await dossier.search.people({ limit: 1 })).data;
    if (!first) throw new Error('demo data has people');
    const person = await dossier.person(first.id);
    expect(person.id).toBe(first.id);
    expect(person.full_name).toBeTruthy();
  });

  it('call() reaches any operation by name', async () => {
    const company = await client().call('get_company', { domain: 'northwind.example' });
    expect(company.name).toBeTruthy();
  });

  it('reads the key from DOSSIER_API_KEY, and says so when there is none', async () => {
    const saved = process.env.DOSSIER_API_KEY;
    try {
      process.env.DOSSIER_API_KEY = server().apiKey;
      const dossier = new Dossier({ baseUrl: server().baseUrl });
      expect((await dossier.company('northwind.example')).domain).toBe('northwind.example');
      delete process.env.DOSSIER_API_KEY;
      expect(() => new Dossier({ baseUrl: server().baseUrl })).toThrow(/DOSSIER_API_KEY/);
    } finally {
      if (saved === undefined) delete process.env.DOSSIER_API_KEY;
      else process.env.DOSSIER_API_KEY = saved;
    }
  });
});

describe('pagination', () => {
  it('iterates companies across several pages of 5 without repeats', async () => {
    const dossier = client();
    const seen: string[] = [];
    for await (const company of dossier.search.companies.iterate({ limit: 5 }, { maxPages: 4 })) {
      seen.push(company.id);
    }
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
  });

  it('follows the cursor to the last page of a filtered search, matching total', async () => {
    const dossier = client();
    const first = await dossier.search.companies({ filters: { country: ['DE'] }, limit: 5 });
    expect(first.total).toBeGreaterThan(10); // several pages
    let pages = 0;
    let count = 0;
    for await (const page of dossier.search.companies.pages({ filters: { country: ['DE'] }, limit: 5 })) {
      pages++;
      count += page.data.length;
    }
    expect(count).toBe(first.total);
    expect(pages).toBe(Math.ceil(first.total / 5));
    const people: string[] = [];
    for await (const person of dossier.search.people.iterate({ limit: 5 }, { maxPages: 3 }))
      people.push(person.id);
    expect(new Set(people).size).toBe(15);
  });
});
