import { type createAccess, provisionKey } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchFixtures } from '../../../packages/core/testing/search-fixtures.js';
import { createMcpApp } from '../src/index.js';
import { connectClient, testAccess } from './harness.js';

// Search through the MCP door: the three tools, their schemas, sentences and mistakes as tool errors.
describe('search tools over MCP', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    const app = createMcpApp({ database, access, log: silentLogger });
    await seedSearchFixtures(database);
    const { key } = await provisionKey(database.db, access.keys, { org: 'mcp-search', plan: 'enterprise' });
    client = await connectClient(app, key);
    await client.listTools(); // the client then checks results against the output schemas
  });
  afterAll(async () => {
    await client.close();
    await access.close();
    await database.close();
  });

  it('lists the three search tools as read-only', async () => {
    const { tools } = await client.listTools();
    for (const name of ['search_companies', 'search_people', 'search']) {
      const tool = tools.find((t) => t.name === name);
      expect(tool?.inputSchema.properties).toHaveProperty('query');
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
    }
  });

  it('answers sentences with structured results and a summary', async () => {
    const companies = await client.callTool({
      name: 'search_companies',
      arguments: { query: 'fintech companies in Germany using Salesforce' },
    });
    expect(companies.isError).toBeFalsy();
    expect(companies.structuredContent).toMatchObject({
      data: [{ name: 'Ledgerly', domain: 'ledgerly.example', industry_id: 'fintech' }],
      interpreted: { filters: { industry: ['fintech'], country: ['DE'] } },
      credits_used: 0,
    });
    const people = await client.callTool({
      name: 'search',
      arguments: { entity: 'people', query: 'CTOs at companies in the US' },
    });
    expect(people.isError).toBeFalsy();
    expect(people.structuredContent).toMatchObject({ entity: 'people', data: [{ name: 'Eve Adams' }] });
  });

  it('returns bad filters as a tool error naming the field', async () => {
    const bad = await client.callTool({
      name: 'search_people',
      arguments: { query: 'CTOs', limit: 101, filters: { seniority: ['emperor'] } },
    });
    expect(bad.isError).toBe(true);
    const paths = (bad.structuredContent as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['filters.seniority.0', 'limit']);
  });
});
