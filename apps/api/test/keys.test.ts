import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('key kinds, scopes, origins, roll and revoke over REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  const bodies: string[] = [];
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  async function call(key: string, path = '/v1/usage', headers: Record<string, string> = {}) {
    const res = await h.app.request(path, { headers: { authorization: `Bearer ${key}`, ...headers } });
    bodies.push(await res.clone().text());
    return res;
  }
  const scoped = async (scopes: string[], extra: Record<string, unknown> = {}) => {
    const owner = await h.tenant();
    const made = await h.access.keys.create({
      orgId: owner.orgId,
      projectId: owner.projectId,
      kind: 'scoped',
      scopes,
      expiresAt: new Date(Date.now() + 3600_000),
      ...extra,
    });
    return { owner, ...made };
  };

  it('gives a primary key every scope but ingest', async () => {
    const { key } = await h.tenant();
    expect((await call(key)).status).toBe(200);
    expect((await call(key, '/v1/company/nobody.example')).status).toBe(404);
  });

  it('refuses an operation outside a scoped key with 403 naming the scope', async () => {
    const { key } = await scoped(['usage']);
    expect((await call(key)).status).toBe(200);
    const res = await call(key, '/v1/company/northwind.example');
    expect(res.status).toBe(403);
    expect((await res.json()).message).toContain('`company`');
  });

  it('checks Origin for a scoped key and answers CORS only for its origins', async () => {
    const { key } = await scoped(['usage'], { origins: ['https://app.example'] });
    const ok = await call(key, '/v1/usage', { origin: 'https://app.example' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const other = await call(key, '/v1/usage', { origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('requires an expiry, known scopes and real origins for a scoped key', async () => {
    const owner = await h.tenant();
    const error = await h.access.keys
      .create({
        orgId: owner.orgId,
        projectId: owner.projectId,
        kind: 'scoped',
        scopes: ['search', 'nope'],
        origins: ['app.example'],
      })
      .catch((e) => e);
    expect(error.code).toBe('invalid_request');
    expect(error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'expires_at',
      'origins.0',
      'scopes.1',
    ]);
  });

  it('answers 401 for an expired key', async () => {
    const { key } = await scoped(['usage'], { expiresAt: new Date(Date.now() + 800) });
    expect((await call(key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 900));
    const res = await call(key);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(
      /^This API key \(key_\w+\) expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
    );
  });

  it('says a revoked key was revoked, naming its id, while a made-up key learns nothing', async () => {
    const a = await h.tenant();
    await h.access.keys.revoke(a.orgId, a.keyId);
    const res = await call(a.key);
    expect(res.status).toBe(401);
    const { message } = await res.json();
    expect(message).toContain(`This API key (${a.keyId}) was revoked on`);
    // Same shape and checksum, one secret character changed: an unknown key, the generic message.
    const forged = await call(
      a.key.replace(/(dsr_live_.{10})(.)/, (_m, p, c) => p + (c === 'A' ? 'B' : 'A')),
    );
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).not.toMatch(/revoked|expired|key_/);
  });

  it('rolls with a grace period: both keys work, then the old one gets 401 when the grace ends', async () => {
    const { key, keyId, orgId } = await h.tenant();
    expect((await call(key)).status).toBe(200); // warm the cache
    const rolled = await h.access.keys.roll(orgId, keyId, '1h');
    expect(rolled.key).not.toBe(key);
    expect((await call(rolled.key)).status).toBe(200);
    expect((await call(key)).status).toBe(200);
    const worksUntil = Date.parse(rolled.old.works_until);
    expect(Math.abs(worksUntil - (Date.now() + 3600_000))).toBeLessThan(5000);
    const afterGrace = new Date(worksUntil + 1000);
    await expect(h.access.authenticate({ authorization: `Bearer ${key}` }, afterGrace)).rejects.toMatchObject(
      { code: 'unauthorized' },
    );
    await expect(
      h.access.authenticate({ authorization: `Bearer ${rolled.key}` }, afterGrace),
    ).resolves.toBeTruthy();
  });

  it('rolls with no grace and revokes: 401 at once on this instance', async () => {
    const a = await h.tenant();
    expect((await call(a.key)).status).toBe(200);
    const rolled = await h.access.keys.roll(a.orgId, a.keyId, 'none');
    expect((await call(a.key)).status).toBe(401);
    await h.access.keys.revoke(a.orgId, rolled.summary.id);
    expect((await call(rolled.key)).status).toBe(401);
  });

  it('keeps every key out of every response body and log line', async () => {
    const all = [...bodies, ...h.logLines].join('\n');
    expect(all).not.toMatch(/dsr_live_[0-9A-Za-z]{20,}/);
    const listed = JSON.stringify(await h.access.keys.list((await h.tenant()).orgId));
    expect(listed).not.toMatch(/dsr_live_[0-9A-Za-z]{20,}/);
  });
});
