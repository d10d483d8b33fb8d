import { type createAccess, provisionKey } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { demoSubset, generateDemoData, loadDemoData } from '@dossier/core/demo';
import { createTestDatabase } from '@dossier/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, testAccess } from './harness.js';

describe('enrich and person tools over MCP', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    app = createMcpApp({ database, access, log: silentLogger });
    // Northwind and its people only: the whole demo set takes long to load.
    await loadDemoData(database, {
      data: demoSubset(generateDemoData(1, new Date('2026-11-01T00:00:00Z')), ['northwind.example']),
    });
    const { key } = await provisionKey(database.db, access.keys, { org: 'mcp-enrich', plan: 'enterprise' });
    client = await connectClient(app, key);
    await client.listTools(); // results are then checked against the output schemas
  }, 120_000);
  afterAll(async () => {
    await client.close();
    await access.close();
    await database.close();
  });

  it('lists enrich with its fields, and calls it', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'enrich');
    expect(JSON.stringify(tool?.inputSchema)).toContain('direct_dial');
    expect(tools.some((t) => t.name === 'get_person')).toBe(true);
    const result = await client.callTool({
      name: 'enrich',
      arguments: { email: 'jsmith@northwind.example', fields: ['email', 'history'] },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      company: 'Northwind Traders',
      contacts: [{ name: 'John Smith', email: 'jsmith@northwind.example' }],
      credits_used: 0,
    });
    const bad = await client.callTool({ name: 'enrich', arguments: { fields: 'email,fax' } });
    expect(bad.isError).toBe(true);
  });

  it('fetches a person record by id', async () => {
    const found = await client.callTool({
      name: 'enrich',
      arguments: { email: 'jsmith2@northwind.example' },
    });
    const id = (found.structuredContent as { contacts: Array<{ person_id: string }> }).contacts[0]?.person_id;
    const result = await client.callTool({ name: 'get_person', arguments: { id } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id, full_name: 'John Smith', masked: false });
  });

  it('answers reverse IP through enrich', async () => {
    const result = await client.callTool({ name: 'enrich', arguments: { ip: '2001:db8:100::25' } });
    expect(result.structuredContent).toMatchObject({ company: 'Northwind Traders', ip: { type: 'company' } });
  });
});
