import { generateKey } from '@dossier/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('the key check on /v1', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key = '';
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.tenant()).key;
  });
  afterAll(() => h.close());

  const cases: [string, Record<string, string>][] = [
    ['missing', {}],
    ['not bearer', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['malformed', { authorization: 'Bearer dsr_live_short' }],
    ['bad checksum', { authorization: 'Bearer dsr_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['unknown but well-formed', { authorization: `Bearer ${generateKey()}` }],
  ];

  for (const [name, headers] of cases) {
    it(`answers 401 JSON for a ${name} key, with one message for all`, async () => {
      const res = await h.app.request('/v1/company/northwind.example', { headers });
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.error).toBe('unauthorized');
      expect(body.message).toContain('Authorization: Bearer');
    });
  }

  it('lets a valid key through', async () => {
    const res = await h.app.request('/v1/company/northwind.example', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(404); // authenticated; nothing stored under that domain in this tenant's test
  });

  it('serves the OpenAPI document and docs without a key', async () => {
    expect((await h.app.request('/v1/openapi.json')).status).toBe(200);
    expect((await h.app.request('/docs')).status).toBe(200);
  });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await h.app.request('/v1/nothing-here');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('not_found');
  });
});
