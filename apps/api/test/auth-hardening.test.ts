import { generateKey } from '@dossier/access';
import { type Operation, operationByName } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiApp } from '../src/index.js';
import { createHarness, memoryLog } from './harness.js';

// Unauthenticated load and small gaps on the REST door (the MCP door: apps/mcp/test/auth-limit.test.ts).
describe('authentication on both doors', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  beforeAll(async () => {
    h = await createHarness({ failedAuthPerMinute: 5 });
  });
  afterAll(() => h.close());

  // @hono/node-server hands the socket to handlers in env.incoming: a request from `ip`.
  const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
  it('answers REST 401 with WWW-Authenticate: Bearer', async () => {
    const res = await h.app.request('/v1/usage');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it('limits failed authentications per client address with 429 and Retry-After on REST', async () => {
    const { key } = await h.tenant();
    const ok = await h.app.request(
      '/v1/usage',
      { headers: { authorization: `Bearer ${key}` } },
      from('203.0.113.1'),
    );
    expect(ok.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await h.app.request(
        '/v1/usage',
        { headers: { authorization: `Bearer ${generateKey()}` } },
        from('203.0.113.1'),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // A cached valid key from the same address still works; another address is untouched.
    const still = await h.app.request(
      '/v1/usage',
      { headers: { authorization: `Bearer ${key}` } },
      from('203.0.113.1'),
    );
    expect(still.status).toBe(200);
    const other = await h.app.request(
      '/v1/usage',
      { headers: { authorization: `Bearer ${generateKey()}` } },
      from('203.0.113.2'),
    );
    expect(other.status).toBe(401);
  });

  it('logs a 500 with the path and parameter names, never the values', async () => {
    const { lines, log } = memoryLog();
    // An operation whose query fails in the database with the caller's value in its parameters.
    const failing = {
      ...(operationByName('get_usage') as Operation),
      name: 'failing_lookup',
      path: '/v1/failing',
      input: z.object({ email: z.string() }),
      // The shape of a failed Drizzle query over postgres.js: the values in the message and cause.
      handler: async (_ctx: unknown, input: { email: string }) => {
        const cause = Object.assign(new Error(`invalid input syntax for type integer: "${input.email}"`), {
          code: '22P02',
        });
        throw Object.assign(new Error(`Failed query: select $1::int\nparams: ${input.email}`), { cause });
      },
    } as unknown as Operation;
    const app = createApiApp({ database: h.database, access: h.access, log, operations: [failing] });
    const { key } = await h.tenant();
    const res = await app.request('/v1/failing?email=jane.doe%40secret.example', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('"path":"/v1/failing"');
    expect(logged).toContain('"query_params":["email"]');
    expect(logged).not.toContain('jane.doe');
    expect(logged).not.toContain('secret.example');
  });
});
