import { saveCompany } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('GET /v1/company/{domain}', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key: string;

  beforeAll(async () => {
    h = await createHarness();
    key = (await h.tenant()).key;
    await saveCompany(h.database.db, {
      domain: 'northwind.example',
      name: 'Northwind Traders',
      industry: 'wholesale',
      employeeCount: 180,
      country: 'US',
      city: 'Seattle',
      aliasDomains: ['northwind-traders.example'],
      technologies: [{ slug: 'salesforce', name: 'Salesforce', category: 'crm' }],
    });
  });
  afterAll(() => h.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    h.app.request(path, { headers: { authorization: `Bearer ${key}`, ...headers } });

  it('returns the stored company with credits_used 0', async () => {
    const res = await get('/v1/company/northwind.example');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      domain: 'northwind.example',
      name: 'Northwind Traders',
      employee_range: '51-200',
      alias_domains: ['northwind-traders.example'],
      credits_used: 0,
    });
    expect(body.technologies[0]).toMatchObject({ slug: 'salesforce', source: 'stored' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('resolves any form of the domain and its aliases', async () => {
    for (const form of [
      'https%3A%2F%2Fwww.Northwind.example%2Fabout',
      'WWW.NORTHWIND.EXAMPLE',
      'northwind-traders.example',
    ]) {
      const res = await get(`/v1/company/${form}`);
      expect(res.status, form).toBe(200);
      expect((await res.json()).domain).toBe('northwind.example');
    }
  });

  it('answers 404 not_found for an unknown domain and 422 for a non-domain', async () => {
    const missing = await get('/v1/company/unknown.example');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
    const bad = await get('/v1/company/not%20a%20domain');
    expect(bad.status).toBe(422);
    expect((await bad.json()).issues[0].path).toBe('domain');
  });

  it('echoes a sane X-Request-Id', async () => {
    const res = await get('/v1/company/northwind.example', { 'x-request-id': 'abc-123' });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });
});
