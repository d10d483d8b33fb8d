import { parseTrustedProxies } from '@dossier/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleHarness, password } from './harness.js';

// X-Forwarded-Proto decides the session cookie's name and the CSRF origin: believed only from a
// peer in DOSSIER_TRUSTED_PROXIES.
let h: Awaited<ReturnType<typeof createConsoleHarness>>;
beforeAll(async () => {
  h = await createConsoleHarness({ trustedProxies: parseTrustedProxies('10.0.0.0/8') });
});
afterAll(() => h.close());

const signUp = (peer: string, email: string) =>
  h.app.request(
    '/console/api/auth/sign-up',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ email, password, organization: 'Proto' }),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );

describe('X-Forwarded-Proto', () => {
  it('is ignored from an untrusted peer', async () => {
    const res = await signUp('203.0.113.5', 'untrusted@proto.example');
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/^dossier_session=/);
  });

  it('is believed from a trusted proxy', async () => {
    const res = await signUp('10.0.0.7', 'trusted@proto.example');
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-dossier_session=/);
  });
});
