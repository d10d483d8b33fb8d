import { type createAccess, generateKey } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { newTenant, testAccess } from './harness.js';

// Made-up keys from one address: after the limit, 429 with Retry-After before any lookup.
describe('failed authentications on /mcp', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;
  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database, { failedAuthPerMinute: 5 });
    app = createMcpApp({ database, access, log: silentLogger });
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  const call = (key: string, ip: string) =>
    app.request(
      '/mcp',
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );

  it('answers 429 with Retry-After after too many failures from one address; valid keys still work', async () => {
    const { key } = await newTenant(database, access);
    expect((await call(key, '203.0.113.3')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(generateKey(), '203.0.113.3');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect((await res.json()).error).toBe('rate_limited');
      } else expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await call(key, '203.0.113.3')).status).toBe(200);
    expect((await call(generateKey(), '198.51.100.4')).status).toBe(401);
  });

  it('names a revoked key and why, counts it as a failure, and tells a made-up key nothing', async () => {
    const { key, keyId, orgId } = await newTenant(database, access);
    await access.keys.revoke(orgId, keyId);
    const res = await call(key, '192.0.2.7');
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain(`This API key (${keyId}) was revoked on`);
    const unknown = await (await call(generateKey(), '192.0.2.7')).json();
    expect(unknown.message).toContain('Configure your MCP client');
    expect(unknown.message).not.toMatch(/revoked|expired/);
    // Each use of the revoked key counted as a failure: the next lookup from there is refused.
    for (let i = 0; i < 3; i++) await call(key, '192.0.2.7');
    expect((await call(generateKey(), '192.0.2.7')).status).toBe(429);
  });
});
