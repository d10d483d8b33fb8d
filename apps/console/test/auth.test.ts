import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleHarness, password } from './harness.js';

let h: Awaited<ReturnType<typeof createConsoleHarness>>;
beforeAll(async () => {
  h = await createConsoleHarness({
    sessions: { idleMs: 60_000, absoluteMs: 3_600_000 },
    signInLimits: { perAccount: 3, perAddress: 1000 },
  });
});
afterAll(() => h.close());

describe('sessions and cookies', () => {
  it('sets an HttpOnly, SameSite=Strict cookie without Secure on plain-HTTP localhost', async () => {
    const c = h.client();
    const res = await c.post('/console/api/auth/sign-up', {
      email: 'a@acme.example',
      password,
      organization: 'Acme',
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^dossier_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await c.get('/console/api/me')).json.user.email).toBe('a@acme.example');
  });

  it('uses a __Host- prefixed Secure cookie over HTTPS, and refuses sign-in on other plain-HTTP hosts with the reason', async () => {
    const https = h.client('https://console.example');
    const res = await https.post('/console/api/auth/sign-up', {
      email: 's@acme.example',
      password,
      organization: 'S',
    });
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-dossier_session=.*Path=\/.*Secure/);
    expect((await https.get('/console/api/me')).status).toBe(200);
    const plain = h.client('http://console.example');
    // The browser would drop a Secure cookie over plain HTTP: say so instead of "signing in".
    const other = await plain.post('/console/api/auth/sign-in', { email: 's@acme.example', password });
    expect(other.status).toBe(400);
    expect(other.json.error).toBe('https_required');
    expect(other.json.message).toContain('Signing in at http://console.example cannot work');
    expect(other.headers.get('set-cookie')).toBeNull();
    const signUp = await plain.post('/console/api/auth/sign-up', {
      email: 't@acme.example',
      password,
      organization: 'T',
    });
    expect(signUp.json.error).toBe('https_required');
  });

  it('issues a new session id at every sign-in and refuses requests without a session', async () => {
    const first = h.client();
    await first.signUp('b@acme.example');
    const before = first.jar.get('dossier_session');
    const res = await first.post('/console/api/auth/sign-in', { email: 'b@acme.example', password });
    expect(res.status).toBe(200);
    expect(first.jar.get('dossier_session')).not.toBe(before);
    const old = h.client();
    old.jar.set('dossier_session', before as string);
    expect((await old.get('/console/api/me')).status).toBe(401);
    expect((await h.client().get('/console/api/me')).status).toBe(401);
  });

  it('ends the session on sign-out and every session on sign-out everywhere', async () => {
    const one = h.client();
    await one.signUp('c@acme.example');
    const two = h.client();
    await two.post('/console/api/auth/sign-in', { email: 'c@acme.example', password });
    const stolen = one.jar.get('dossier_session') as string;
    await one.post('/console/api/auth/sign-out');
    const replay = h.client();
    replay.jar.set('dossier_session', stolen);
    expect((await replay.get('/console/api/me')).status).toBe(401);
    expect((await two.get('/console/api/me')).status).toBe(200);
    const three = h.client();
    await three.post('/console/api/auth/sign-in', { email: 'c@acme.example', password });
    expect((await two.post('/console/api/auth/sign-out-everywhere')).status).toBe(200);
    expect((await two.get('/console/api/me')).status).toBe(401);
    expect((await three.get('/console/api/me')).status).toBe(401);
  });

  it('rejects wrong passwords with one message and validates fields', async () => {
    const c = h.client();
    await c.signUp('d@acme.example');
    const wrong = await h
      .client()
      .post('/console/api/auth/sign-in', { email: 'd@acme.example', password: 'nope' });
    expect(wrong.status).toBe(401);
    const unknown = await h
      .client()
      .post('/console/api/auth/sign-in', { email: 'zz@acme.example', password: 'nope' });
    expect(unknown.json.message).toBe(wrong.json.message);
    const bad = await h.client().post('/console/api/auth/sign-up', { email: 'x', password: 'short' });
    expect(bad.status).toBe(422);
    expect(bad.json.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    const taken = await h
      .client()
      .post('/console/api/auth/sign-up', { email: 'D@acme.example', password, organization: 'X' });
    expect(taken.status).toBe(409);
  });

  it('throttles sign-in per account, even with the right password', async () => {
    await h.client().signUp('e@acme.example');
    for (let i = 0; i < 3; i++) {
      expect(
        (await h.client().post('/console/api/auth/sign-in', { email: 'e@acme.example', password: 'wrong' }))
          .status,
      ).toBe(401);
    }
    const locked = await h.client().post('/console/api/auth/sign-in', { email: 'e@acme.example', password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('CSRF', () => {
  it('refuses state changes without same-origin proof or with a non-JSON body', async () => {
    const c = h.client();
    const url = 'http://localhost/console/api/auth/sign-in';
    const json = JSON.stringify({ email: 'a@acme.example', password });
    const send = (headers: Record<string, string>) =>
      h.app.request(url, { method: 'POST', headers, body: json });
    expect((await send({ 'content-type': 'application/json' })).status).toBe(403);
    expect((await send({ 'content-type': 'application/json', origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect(
      (
        await send({
          'content-type': 'application/json',
          origin: 'http://localhost',
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(403);
    expect((await send({ 'content-type': 'text/plain', origin: 'http://localhost' })).status).toBe(415);
    expect(
      (await send({ 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }))
        .status,
    ).toBe(415);
    expect((await send({ 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
    expect((await c.post('/console/api/auth/sign-in', { email: 'a@acme.example', password })).status).toBe(
      200,
    );
  });

  it('answers a malformed JSON body with 422, not 500', async () => {
    const res = await h.app.request('http://localhost/console/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: '{nope',
    });
    expect(res.status).toBe(422);
  });
});

describe('timeouts', () => {
  // Idle and absolute limits are tested with a clock in packages/access (sessions.test.ts);
  // here the HTTP door is shown to honour them.
  it('ends an idle session and clears the cookie', async () => {
    const idle = await createConsoleHarness({ sessions: { idleMs: 2000 } });
    try {
      const c = idle.client();
      await c.signUp('f@acme.example');
      expect((await c.get('/console/api/me')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2600));
      const ended = await c.get('/console/api/me');
      expect(ended.status).toBe(401);
      expect(ended.headers.get('set-cookie')).toMatch(/dossier_session=;.*Max-Age=0/);
    } finally {
      await idle.close();
    }
  });
});
