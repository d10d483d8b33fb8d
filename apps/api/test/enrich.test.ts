import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { provisionKey } from '@dossier/access';
import { configureLiveScans } from '@dossier/core';
import { demoSubset, generateDemoData, loadDemoData } from '@dossier/core/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

// Enrich, person and company through the REST door, on part of the demo data set.
describe('enrich, person and company over REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key: string;
  let masked: string;
  let unmasked: string;

  beforeAll(async () => {
    h = await createHarness();
    await loadDemoData(h.database, {
      data: demoSubset(generateDemoData(1, new Date('2026-11-01T00:00:00Z')), [
        'northwind.example',
        'lyric-logistics.example',
      ]),
    });
    key = (await h.tenant()).key;
    const scoped = async (scopes: string[]) =>
      (
        await provisionKey(h.database.db, h.access.keys, {
          org: `scoped-${Math.random().toString(36).slice(2)}`,
          plan: 'enterprise',
          key: { kind: 'scoped', scopes, expiresAt: new Date(Date.now() + 3600_000) },
        })
      ).key;
    masked = await scoped(['enrich', 'person']);
    unmasked = await scoped(['enrich', 'person', 'pii']);
  }, 120_000);
  afterAll(() => h.close());

  const post = (body: unknown, as = key, form = false) =>
    h.app.request('/v1/enrich', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${as}`,
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
  const get = (path: string, as = key) => h.app.request(path, { headers: { authorization: `Bearer ${as}` } });

  it('answers the reference form-encoded call', async () => {
    const res = await post({ domain: 'northwind.example', fields: 'email,mobile,headcount' }, key, true);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      company: 'Northwind Traders',
      credits_used: 0,
      match: { matched_on: ['domain'] },
    });
    expect(body.company_profile.employee_count).toBeGreaterThan(0);
    expect(body.contacts.length).toBeGreaterThan(0);
    for (const contact of body.contacts) {
      expect(contact).toHaveProperty('title');
      expect(contact).toHaveProperty('email_status');
      expect(contact.confidence).toBeGreaterThan(0);
      if (contact.mobile) expect(contact.mobile).toMatch(/^\+\d{8,15}$/);
    }
  });

  it('keeps the two John Smiths apart and finds each by email', async () => {
    const one = await (await post({ email: 'jsmith@northwind.example' })).json();
    const two = await (await post({ email: 'jsmith2@northwind.example' })).json();
    expect(one.contacts[0].name).toBe('John Smith');
    expect(two.contacts[0].name).toBe('John Smith');
    expect(one.contacts[0].person_id).not.toBe(two.contacts[0].person_id);
    const both = await (await post({ name: 'John Smith', domain: 'northwind.example' })).json();
    expect(both.match.ambiguous).toBe(true);
    expect(
      (await post({ name: 'John Smith', domain: 'northwind.example', min_confidence: 0.8 })).status,
    ).toBe(404);
  });

  it('masks emails and phones for a key without pii, not for one with it', async () => {
    const hidden = await (await post({ email: 'mbrown@lyric-logistics.example' }, masked)).json();
    expect(hidden.contacts[0].email).toBe('m***@lyric-logistics.example');
    const shown = await (await post({ email: 'mbrown@lyric-logistics.example' }, unmasked)).json();
    expect(shown.contacts[0].email).toBe('mbrown@lyric-logistics.example');
    const id = shown.contacts[0].person_id;
    const person = await (await get(`/v1/person/${id}`, masked)).json();
    expect(person.masked).toBe(true);
    expect(person.emails.every((e: { email: string }) => e.email.includes('***'))).toBe(true);
    const full = await (await get(`/v1/person/${id}`, unmasked)).json();
    expect(full.emails.map((e: { email: string }) => e.email)).toContain('mbrown@lyric-logistics.example');
    expect(full.employment[0]).toHaveProperty('num_sources');
  });

  it('resolves visitor IPs, v4 and v6, and never calls an ISP a company', async () => {
    const v4 = await (await post({ ip: '192.0.2.10' })).json();
    expect(v4).toMatchObject({ company: 'Northwind Traders', ip: { type: 'company' } });
    const v6 = await (await post({ ip: '2001:db8:100::25' })).json();
    expect(v6.company).toBe('Northwind Traders');
    const isp = await post({ ip: '203.0.113.9' });
    expect(isp.status).toBe(404);
    expect((await isp.json()).message).toContain('isp');
  });

  it('answers 422 naming the field, and says what is needed', async () => {
    const unknown = await post({ domain: 'northwind.example', fields: 'email,shoe_size' }, key, true);
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_request', issues: [{ path: 'fields.1' }] });
    const nothing = await post({ fields: 'email' });
    expect(nothing.status).toBe(422);
    expect((await nothing.json()).message).toContain('linkedin_url');
  });

  it('takes bulk records and answers each in order', async () => {
    const res = await post({
      records: [
        { email: 'jsmith@northwind.example', metadata: { row: 'a' } },
        { email: 'not an email', metadata: { row: 'b' } },
        { domain: 'unknown-company.example', metadata: { row: 'c' } },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.results.map((r: { status: number }) => r.status)).toEqual([200, 422, 404]);
    expect(body.results.map((r: { metadata: { row: string } }) => r.metadata.row)).toEqual(['a', 'b', 'c']);
  });

  it('lists the fields in the OpenAPI document', async () => {
    const doc = await (await h.app.request('/v1/openapi.json')).json();
    expect(JSON.stringify(doc.paths['/v1/enrich'])).toContain('technologies');
    expect(doc.paths['/v1/person/{id}']).toBeDefined();
  });
});

describe('live company scans over REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key: string;
  let server: http.Server;
  let hits = 0;

  beforeAll(async () => {
    h = await createHarness();
    key = (await h.tenant()).key;
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><script src="https://js.stripe.com/v3/"></script></head></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // A resolver that answers from a fixed table stands in for DNS: nothing leaves loopback.
    const table: Record<string, string[]> = { 'shop.test': ['127.0.0.1'], 'internal.test': ['10.1.2.3'] };
    const answer = async (name: string) => {
      const found = table[name];
      if (!found) throw Object.assign(new Error(`queryA ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return found;
    };
    const none = async (name: string) => {
      throw Object.assign(new Error(`ENODATA ${name}`), { code: 'ENODATA' });
    };
    configureLiveScans(h.database, {
      deps: {
        resolver: {
          resolve4: answer,
          resolve6: none,
          resolveMx: none,
          resolveTxt: none,
          resolveNs: none,
          resolveCname: none,
        },
        fetch: { allowPrivate: ['127.0.0.1'], ports: 'any', timeoutMs: 3000 },
        homepagePorts: { https: port, http: port },
        subdomains: [],
      },
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await h.close();
  });

  it('returns live technographics for an unknown domain, and 404 for a private one', async () => {
    const res = await h.app.request('/v1/company/shop.test', { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.technologies).toEqual([expect.objectContaining({ slug: 'stripe', source: 'live' })]);
    const before = hits;
    const trap = await h.app.request('/v1/company/internal.test', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(trap.status).toBe(404);
    expect(hits).toBe(before);
  });
});
