import type { createAccess } from '@dossier/access';
import { type Database, intent, saveCompany, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, newTenant, testAccess } from './harness.js';

describe('intent over MCP', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
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
    const { key } = await newTenant(database, access);
    const client = await connectClient(app, key);
    const result = await client.callTool({ name: 'intent', arguments: { types: ['surge'] } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      data: [{ type: 'surge', company: { domain: 'northwind.example' }, topic: 'crm software' }],
      credits_used: 0,
    });
    await client.close();
  });
});
