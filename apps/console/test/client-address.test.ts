import { parseTrustedProxies } from '@dossier/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createConsoleHarness, origin, password } from './harness.js';

let h: Awaited<ReturnType<typeof createConsoleHarness>>;
beforeAll(async () => {
  h = await createConsoleHarness({
    trustedProxies: parseTrustedProxies('10.0.0.0/8, ::1'),
    signInLimits: { perAccount: 100, perAddress: 3 },
  });
});
afterAll(() => h.close());

/** A client whose requests arrive from `peer` (the socket address) with this X-Forwarded-For. */
function from(peer: string, forwardedFor?: string) {
  const app = {
    request: (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
      return h.app.request(url, { ...init, headers }, { incoming: { socket: { remoteAddress: peer } } });
    },
  };
  return createClient(app, origin);
}

const auditIps = async (client: ReturnType<typeof from>, orgId: string) =>
  (await client.get(`/console/api/orgs/${orgId}/audit`)).json.map((e: { action: string; ip: string }) => [
    e.action,
    e.ip,
  ]);

describe('client addresses in the audit log', () => {
  it('ignores X-Forwarded-For from an untrusted peer and uses the socket address', async () => {
    const c = from('203.0.113.9', '1.2.3.4');
    const { org_id } = await c.signUp('spoof@ip.example');
    expect(await auditIps(c, org_id)).toEqual([['org.created', '203.0.113.9']]);
  });

  it('takes the right-most untrusted address behind trusted proxies (IPv4-mapped and IPv6 too)', async () => {
    const c = from('::ffff:10.0.0.2', '6.6.6.6, 198.51.100.7, 10.1.1.1');
    const { org_id } = await c.signUp('proxied@ip.example');
    const v6 = from('::1', '2001:db8::42');
    await v6.post('/console/api/auth/sign-in', { email: 'proxied@ip.example', password });
    await v6.post(`/console/api/orgs/${org_id}/projects`, { name: 'From v6' });
    expect(await auditIps(c, org_id)).toEqual([
      ['project.created', '2001:db8::42'],
      ['org.created', '198.51.100.7'],
    ]);
  });
});

describe('per-address sign-in limit', () => {
  it('cannot be dodged by rotating X-Forwarded-For from an untrusted peer', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await from('203.0.113.50', `192.0.2.${i}`).post('/console/api/auth/sign-in', {
        email: `nobody${i}@ip.example`,
        password,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts each client behind a trusted proxy separately', async () => {
    const attempt = (client: string) =>
      from('10.0.0.2', client).post('/console/api/auth/sign-in', { email: 'x@ip.example', password });
    for (let i = 0; i < 3; i++) expect((await attempt('198.51.100.60')).status).toBe(401);
    expect((await attempt('198.51.100.60')).status).toBe(429);
    // Another client behind the same proxy is not locked out by the first.
    expect((await attempt('198.51.100.61')).status).toBe(401);
  });
});
