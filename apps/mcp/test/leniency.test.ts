import type { createAccess } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { type Database, saveCompany, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, newTenant, testAccess } from './harness.js';

/**
 * What a model naturally sends (a list as one comma-separated string or a single value, a number
 * as text) is read alike on both doors and answers exactly what the canonical form answers.
 */
describe('lenient arguments on both doors', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let client: Client;
  let rest: ReturnType<typeof createApiApp>;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    await saveCompany(database.db, {
      domain: 'northwind.example',
      name: 'Northwind Traders',
      employeeCount: 180,
    });
    const deps = { database, access, log: silentLogger };
    rest = createApiApp({ ...deps, log: createLogger('silent') });
    ({ key } = await newTenant(database, access));
    client = await connectClient(createMcpApp(deps), key);
  });
  afterAll(async () => {
    await client?.close();
    await access?.close();
    await database?.close();
  });

  const viaRest = async (method: string, path: string, body: unknown) => {
    const response = await rest.request(path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const viaMcp = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return { isError: Boolean(result.isError), body: result.structuredContent as Record<string, unknown> };
  };

  const cases = [
    {
      tool: 'intent',
      path: '/v1/intent',
      lenient: { types: 'surge, hiring', companies: 'northwind.example', limit: '5', min_score: '0' },
      canonical: { types: ['surge', 'hiring'], companies: ['northwind.example'], limit: 5, min_score: 0 },
    },
    {
      tool: 'search_companies',
      path: '/v1/search/companies',
      lenient: {
        query: 'northwind',
        limit: '3',
        filters: { name: 'Northwind Traders', employee_ranges: '51-200' },
      },
      canonical: {
        query: 'northwind',
        limit: 3,
        filters: { name: ['Northwind Traders'], employee_ranges: ['51-200'] },
      },
    },
    {
      tool: 'enrich',
      path: '/v1/enrich',
      lenient: { domain: 'northwind.example', fields: 'headcount', limit: '2', min_confidence: '0.5' },
      canonical: { domain: 'northwind.example', fields: ['headcount'], limit: 2, min_confidence: 0.5 },
    },
  ];

  it.each(cases)(
    '$tool: a comma string, a single value and numbers as text answer as the canonical form',
    async (c) => {
      const canonical = await viaRest('POST', c.path, c.canonical);
      expect(canonical.status, JSON.stringify(canonical.body)).toBe(200);
      const lenientRest = await viaRest('POST', c.path, c.lenient);
      expect(lenientRest.status, JSON.stringify(lenientRest.body)).toBe(200);
      expect(lenientRest.body).toEqual(canonical.body);
      const lenientMcp = await viaMcp(c.tool, c.lenient);
      expect(lenientMcp.isError, JSON.stringify(lenientMcp.body)).toBe(false);
      expect(lenientMcp.body).toEqual(canonical.body);
    },
  );

  it('names the field when the text is not what the field takes, on both doors', async () => {
    for (const [field, value] of [
      ['limit', 'many'],
      ['types', 'rumour'],
      ['min_score', '1e3'],
    ] as const) {
      const restAnswer = await viaRest('POST', '/v1/intent', { [field]: value });
      expect(restAnswer.status, field).toBe(422);
      expect(JSON.stringify(restAnswer.body.issues), field).toContain(field);
      const mcpAnswer = await viaMcp('intent', { [field]: value });
      expect(mcpAnswer.isError, field).toBe(true);
      expect(mcpAnswer.body.error, field).toBe('invalid_request');
      expect(JSON.stringify(mcpAnswer.body.issues), field).toContain(field);
    }
  });
});
