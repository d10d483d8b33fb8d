import type { createAccess } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { newTenant, testAccess } from './harness.js';

// A scoped key's allowed origins hold on /mcp as on REST: the server-wide list
// (MCP_ALLOWED_ORIGINS) admits a browser origin, the key's own list then narrows it.
describe('a scoped key with allowed origins on /mcp', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    app = createMcpApp({
      database,
      access,
      log: silentLogger,
      allowedOrigins: ['https://app.example', 'https://other.example'],
    });
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  const scoped = () =>
    newTenant(database, access, {
      plan: 'enterprise',
      key: {
        kind: 'scoped',
        scopes: ['company'],
        origins: ['https://app.example'],
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
  const listTools = (key: string, origin?: string) =>
    app.request('/mcp', {
      method: 'POST',
      headers: {
        ...(origin ? { origin } : {}),
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('refuses an origin the server allows but the key does not, with 403 naming the origin', async () => {
    const { key } = await scoped();
    const res = await listTools(key, 'https://other.example');
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error).toBe('forbidden');
    expect(body.message).toContain('https://other.example');
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it("answers from the key's own origin and without an Origin (not a browser)", async () => {
    const { key } = await scoped();
    expect((await listTools(key, 'https://app.example')).status).toBe(200);
    expect((await listTools(key)).status).toBe(200);
  });

  it('lets a primary key (no origin list) through any origin the server allows', async () => {
    const { key } = await newTenant(database, access);
    expect((await listTools(key, 'https://other.example')).status).toBe(200);
  });
});
