import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('GET /v1/usage', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('reports the organization usage by day, key and operation, with credits_used 0, and only its own', async () => {
    const mine = await h.tenant('free');
    const theirs = await h.tenant('free');
    const auth = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
    await h.app.request('/v1/company/nobody.example', auth(mine.key)); // 404 counts as an error
    await h.app.request('/v1/usage', auth(mine.key));
    await h.app.request('/v1/usage', auth(theirs.key));
    await h.access.meter.flush();

    const res = await h.app.request('/v1/usage', auth(mine.key));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.credits_used).toBe(0);
    expect(body.organization).toEqual({ id: mine.orgId, plan: 'free', rate_limit_per_minute: 10 });
    expect(body.totals).toEqual({ requests: 2, errors: 1, rate_limited: 0 });
    expect(body.by_operation.map((o: { operation: string }) => o.operation).sort()).toEqual([
      'get_company',
      'get_usage',
    ]);
    expect(body.by_key).toEqual([{ key_id: mine.keyId, requests: 2, errors: 1, rate_limited: 0 }]);
  });

  it('rejects a bad range with 422 naming the field', async () => {
    const { key } = await h.tenant();
    const res = await h.app.request('/v1/usage?from=2026-12-01&to=2026-11-01', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).issues[0].path).toBe('from');
    const bad = await h.app.request('/v1/usage?from=yesterday', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(bad.status).toBe(422);
  });
});
