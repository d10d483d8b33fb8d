import { provisionKey } from '@dossier/access';
import { primaryScopes, saveCompany } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('hostile input over REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key = '';
  beforeAll(async () => {
    h = await createHarness();
    key = (
      await provisionKey(h.database.db, h.access.keys, {
        org: `hostile-${Math.random().toString(36).slice(2)}`,
        plan: 'enterprise',
        key: { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
      })
    ).key;
    await saveCompany(h.database.db, { domain: 'northwind.example', name: 'Northwind Traders' });
  });
  afterAll(() => h.close());

  const send = async (method: string, path: string, body?: string, type = 'application/json') =>
    await h.app.request(path, {
      method,
      body,
      headers: { authorization: `Bearer ${key}`, 'content-type': type },
    });
  const post = (path: string, body: unknown) => send('POST', path, JSON.stringify(body));
  const issuesOf = async (res: Response) =>
    ((await res.json()) as { issues?: { path: string }[] }).issues?.map((i) => i.path) ?? [];

  it('answers a broken multipart body with 400 on every POST operation, and logs no stack', async () => {
    for (const path of ['/v1/search/companies', '/v1/enrich', '/v1/intent', '/v1/verify', '/v1/records']) {
      for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
        const res = await send('POST', path, 'garbage', type);
        expect(res.status, `${path} ${type}`).toBe(400);
        expect(await res.json()).toMatchObject({ error: 'invalid_request' });
      }
    }
    const logged = h.logLines.join('\n');
    expect(logged).not.toContain('unhandled error');
    expect(logged).not.toMatch(/\n\s+at /);
  });

  it('refuses a NUL character in path, query, record values and the idempotency key with 422 naming the field', async () => {
    const cases: [Promise<Response>, string][] = [
      [send('GET', '/v1/verify/%00'), 'job_id'],
      [send('GET', '/v1/audience/%00'), 'job_id'],
      [send('GET', '/v1/intent/topics?prefix=%00'), 'prefix'],
      [send('GET', '/v1/company/a%00.example'), 'domain'],
      [
        post('/v1/records', { kind: 'people', source: 'crm', records: [{ email: 'a\u0000b@x.example' }] }),
        'records.0.email',
      ],
      [
        post('/v1/audience', {
          network: 'google',
          contacts: [{ email: 'a@b.example' }],
          as_job: true,
          idempotency_key: 'list\u0000',
        }),
        'idempotency_key',
      ],
      [post('/v1/search', { query: 'x\uD800' }), 'query'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(422);
      expect(await issuesOf(res)).toEqual([field]);
    }
  });

  it('refuses out-of-range dates and numbers at the edge instead of a database error', async () => {
    const far = '-271821-04-20';
    const signal = { domain: 'northwind.example', topic: 'crm software', time: '2026-11-20T10:00:00Z' };
    const signals = await post('/v1/signals', { signals: [signal, { ...signal, time: far }] });
    expect(signals.status).toBe(200);
    expect((await signals.json()).rejected).toEqual([
      { index: 1, reason: 'time: must be between 1900-01-01 and 2100-01-01' },
    ]);
    const postings = await post('/v1/job-postings', {
      job_postings: [{ domain: 'northwind.example', title: 'Engineer', posted_at: far }],
    });
    expect(postings.status).toBe(200);
    expect((await postings.json()).rejected).toEqual([
      { index: 0, reason: 'posted_at: must be between 1900-01-01 and 2100-01-01' },
    ]);
    const records = await post('/v1/records', {
      kind: 'companies',
      source: 'crm',
      records: [{ domain: 'huge.example', name: 'Huge', employees: 1e12 }],
    });
    expect(records.status).toBe(200);
    expect(JSON.stringify(await records.json())).toContain('employees is not a number or range');
    const refused: [Promise<Response>, string][] = [
      [post('/v1/intent', { min_score: 5e-324 }), 'min_score'],
      [post('/v1/signals', { signals: [{ ...signal, weight: 1e-40 }] }), 'signals.0.weight'],
      [post('/v1/intent', { since: '0001-01-01' }), 'since'],
      [post('/v1/intent', { until: '2200-01-01T00:00:00Z' }), 'until'],
      [send('GET', '/v1/usage?from=0000-01-01&to=0000-02-01'), 'from'],
      [send('POST', '/v1/search/companies', '{"limit": 1e999}'), 'limit'],
    ];
    for (const [pending, field] of refused) {
      const res = await pending;
      expect(res.status, field).toBe(422);
      expect(await issuesOf(res)).toContain(field);
    }
  });

  it('reads form-encoded bodies the same way for every operation, as the OpenAPI document says', async () => {
    const form = (path: string, body: string) =>
      send('POST', path, body, 'application/x-www-form-urlencoded');
    const search = await form('/v1/search/companies', 'query=traders&limit=3');
    expect(search.status).toBe(200);
    expect((await search.json()).data.length).toBeLessThanOrEqual(3);
    for (const body of [
      'types=surge&limit=3&min_score=0',
      'types=surge&types=hiring&limit=3',
      'types=surge,hiring&limit=3',
    ]) {
      const res = await form('/v1/intent', body);
      expect(res.status, body).toBe(200);
    }
    const filtered = await form(
      '/v1/search',
      `entity=companies&limit=2&filters=${encodeURIComponent('{"has_domain": true}')}`,
    );
    expect(filtered.status).toBe(200);
    const enriched = await form('/v1/enrich', 'domain=northwind.example&fields=headcount,industry&limit=3');
    expect(enriched.status).toBe(200);
    // text that does not read as the field's type still names the field
    const wrong = await form('/v1/intent', 'limit=three&types=surge');
    expect(wrong.status).toBe(422);
    expect(await issuesOf(wrong)).toEqual(['limit']);
    const doc = await (await h.app.request('/v1/openapi.json')).json();
    const intentForm = doc.paths['/v1/intent'].post.requestBody.content['application/x-www-form-urlencoded'];
    // documented comma-separated (`types=surge,hiring`); the field repeated works too (above)
    expect(intentForm.encoding.types).toEqual({ style: 'form', explode: false });
    const searchForm = doc.paths['/v1/search'].post.requestBody.content['application/x-www-form-urlencoded'];
    expect(searchForm.encoding.filters).toEqual({ contentType: 'application/json' });
  });

  it('stores people whose names start with a character beyond U+FFFF (blocking keys keep it whole)', async () => {
    const res = await post('/v1/records', {
      kind: 'people',
      source: 'crm',
      records: [
        {
          first_name: '\u{1D4D0}da',
          last_name: '\u{2070E}ovelace',
          email: 'ada@analytical.example',
          title: 'CTO',
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).not.toContain('rejected":[{');
  });
});
