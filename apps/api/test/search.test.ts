import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchFixtures } from '../../../packages/core/testing/search-fixtures.js';
import { createHarness } from './harness.js';

// Search through the REST door: plain-language sentences end to end, 422s, paging and masking.
describe('POST /v1/search*', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key = '';
  let searchOnly = '';
  beforeAll(async () => {
    h = await createHarness();
    await seedSearchFixtures(h.database);
    key = (await h.tenant()).key;
    const scoped = await h.tenant('enterprise');
    searchOnly = (
      await h.access.keys.create({
        kind: 'scoped',
        scopes: ['search'],
        expiresAt: new Date(Date.now() + 3600_000),
        orgId: scoped.orgId,
        projectId: scoped.projectId,
      })
    ).key;
  });
  afterAll(() => h.close());

  const post = (path: string, body: unknown, bearer = key) =>
    h.app.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    });
  const names = (body: { data: { name: string }[] }) => body.data.map((r) => r.name).sort();

  const sentences: [string, string, Record<string, unknown>, string[]][] = [
    [
      '/v1/search/companies',
      'fintech companies in Germany with 50 to 200 employees that use Salesforce',
      { industry: ['fintech'], country: ['DE'], employees: { min: 50, max: 200 } },
      ['Ledgerly'],
    ],
    [
      '/v1/search/companies',
      'public companies in logistics founded before 2000',
      { type: ['public'], industry: ['logistics'], founded: { max: 1999 } },
      ['Cargo Nord'],
    ],
    [
      '/v1/search/companies',
      'companies in California using HubSpot',
      { region: ['California'] },
      ['Data & Co'],
    ],
    [
      '/v1/search/companies',
      'software startups in London',
      { industry: ['software'], city: ['London'] },
      ['Berlin Labs'],
    ],
    [
      '/v1/search/companies',
      'nonprofits in the US',
      { type: ['nonprofit'], country: ['US'] },
      ['Helping Hands'],
    ],
    [
      '/v1/search/people',
      'VPs of sales in Berlin',
      { seniority: ['vp'], department: ['sales'] },
      ['Anna Schmidt'],
    ],
    ['/v1/search/people', 'CTOs at companies in the US', { company: { country: ['US'] } }, ['Eve Adams']],
    [
      '/v1/search/people',
      'heads of marketing at logistics companies',
      { department: ['marketing'] },
      ['Clara Lind'],
    ],
  ];
  it.each(sentences)('%s "%s"', async (path, query, read, expected) => {
    const res = await post(path, { query });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.interpreted.filters).toMatchObject(read);
    expect(names(body)).toEqual(expected);
    expect(body).toMatchObject({ total: expected.length, credits_used: 0 });
  });

  it('serves /v1/search for both entities, companies by default', async () => {
    const companies = await (await post('/v1/search', { query: 'companies using Snowflake' })).json();
    expect(companies.entity).toBe('companies');
    expect(names(companies)).toEqual(['Data & Co']);
    const people = await (await post('/v1/search', { entity: 'people', query: 'CTOs' })).json();
    expect(names(people)).toEqual(['Ben Ortiz', 'Eve Adams']);
  });

  it('pages with the cursor and rejects a tampered one', async () => {
    const first = await (await post('/v1/search/companies', { limit: 2 })).json();
    expect(first.data).toHaveLength(2);
    const second = await (await post('/v1/search/companies', { limit: 2, cursor: first.cursor })).json();
    const third = await (await post('/v1/search/companies', { limit: 2, cursor: second.cursor })).json();
    expect(third.cursor).toBeNull();
    const ids = [...first.data, ...second.data, ...third.data].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(5);
    const tampered = `${first.cursor.slice(0, -2)}xx`;
    const res = await post('/v1/search/companies', { limit: 2, cursor: tampered });
    expect(res.status).toBe(422);
    expect((await res.json()).issues).toEqual([expect.objectContaining({ path: 'cursor' })]);
  });

  it.each([
    [{ limit: 0 }, ['limit']],
    [{ limit: 101 }, ['limit']],
    [{ filters: { colour: 'red', industry: ['spaceships'] } }, ['filters.colour', 'filters.industry.0']],
    [{ filters: { employees: { min: 'many' } } }, ['filters.employees.min']],
    [{ entity: 'people' }, ['entity']],
  ])('422 for %j naming every field', async (body, paths) => {
    const res = await post('/v1/search/companies', body);
    expect(res.status).toBe(422);
    const issues = (await res.json()).issues.map((i: { path: string }) => i.path).sort();
    expect(issues).toEqual(paths.sort());
  });

  it('masks contact data for a key without the pii scope', async () => {
    const masked = await (
      await post('/v1/search/people', { filters: { seniority: ['vp'] } }, searchOnly)
    ).json();
    expect(masked.data[0]).toMatchObject({ email: 'a***@ledgerly.example', contact_masked: true });
    const full = await (await post('/v1/search/people', { filters: { seniority: ['vp'] } })).json();
    expect(full.data[0]).toMatchObject({ email: 'anna.schmidt@ledgerly.example', contact_masked: false });
  });
});
