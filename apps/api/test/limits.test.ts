import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('plan rate limits on REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  beforeAll(async () => {
    // a 3-second window keeps the "retry after Retry-After succeeds" check short; the logic is the same as 60 s
    h = await createHarness({ rateWindowSeconds: 3 });
  });
  afterAll(() => h.close());

  const call = (key: string) => h.app.request('/v1/usage', { headers: { authorization: `Bearer ${key}` } });

  it('admits 10 requests on Free, answers the 11th with 429 and an honest Retry-After', async () => {
    const { key } = await h.tenant('free');
    for (let i = 1; i <= 10; i++) {
      const res = await call(key);
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10 - i));
      expect(res.headers.get('ratelimit-policy')).toBe('"default";q=10;w=3');
      expect(res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    }
    const limited = await call(key);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    // The plan, its limit and the wait, in words (the window is 3 s here, a minute in service).
    expect(await limited.json()).toMatchObject({
      error: 'rate_limited',
      message: `Free plan: 10 requests every 3 s; retry in ${retryAfter} s.`,
    });
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    await sleep(retryAfter * 1000);
    expect((await call(key)).status).toBe(200);
  });

  it('counts every key of an organization together', async () => {
    const first = await h.tenant('free');
    const second = await h.access.keys.create({
      orgId: first.orgId,
      projectId: first.projectId,
      kind: 'primary',
    });
    for (let i = 0; i < 5; i++) expect((await call(first.key)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call(second.key)).status).toBe(200);
    expect((await call(second.key)).status).toBe(429);
  });

  it('applies a scoped key cap on top of the plan', async () => {
    const owner = await h.tenant('agency');
    const scoped = await h.access.keys.create({
      orgId: owner.orgId,
      projectId: owner.projectId,
      kind: 'scoped',
      scopes: ['usage'],
      rateLimit: 2,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect((await call(scoped.key)).status).toBe(200);
    expect((await call(scoped.key)).status).toBe(200);
    const limited = await call(scoped.key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('2');
    expect((await limited.json()).message).toMatch(
      /^This key's own limit: 2 requests every 3 s; retry in [1-3] s\.$/,
    );
    expect((await call(owner.key)).status).toBe(200); // the organization still has room
  });

  it('does not count requests that fail authentication', async () => {
    const { key } = await h.tenant('free');
    const wrong = `${key.slice(0, -8)}AAAAAAAA`;
    for (let i = 0; i < 15; i++) expect((await call(wrong)).status).toBe(401);
    expect((await call(key)).status).toBe(200);
  });
});
