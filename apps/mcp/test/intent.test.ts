import { createAccess, provisionKey } from '@dossier/access';
import { type Database, intent, saveCompany, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';

describe('intent over MCP', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = createAccess({
      database,
      hashSecret: 's',
      log: silentLogger,
      singleProcess: true,
      usageFlushMs: 0,
    });
    app = createMcpApp({ database, access, log: silentLogger });
    await saveCompany(database.db, { domain: 'northwind.example', name: 'Northwind Traders' });
    const time = new Date(Date.now() - 3600_000).toISOString();
    await intent.ingestSignals(
      database.db,
      Array.from({ length: 10 }, () => ({ domain: 'northwind.example', topic: 'crm software', time })),
    );
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  it('answers the intent tool with surging accounts', async () => {
    const { key } = await provisionKey(database.db, access.keys, {
      org: `mcp-${Math.random().toString(36).slice(2)}`,
      plan: 'enterprise',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
      fetch: async (url, init) => app.request(String(url), init as RequestInit),
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    const result = await client.callTool({ name: 'intent', arguments: { types: ['surge'] } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      data: [{ type: 'surge', company: { domain: 'northwind.example' }, topic: 'crm software' }],
      credits_used: 0,
    });
    await client.close();
  });
});
