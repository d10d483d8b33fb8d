import { type createAccess, provisionKey } from '@dossier/access';
import { type Database, primaryScopes, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, testAccess } from './harness.js';

describe('push_records over MCP', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    app = createMcpApp({ database, access, log: silentLogger });
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  const connect = (key: string) => connectClient(app, key);

  it('loads records for an ingest key and hides the tool from others', async () => {
    const org = `mcp-${Math.random().toString(36).slice(2)}`;
    const plain = await connect(
      (await provisionKey(database.db, access.keys, { org, plan: 'enterprise' })).key,
    );
    expect((await plain.listTools()).tools.map((t) => t.name)).not.toContain('push_records');
    await plain.close();

    const { key } = await provisionKey(database.db, access.keys, {
      org,
      plan: 'enterprise',
      key: { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
    });
    const client = await connect(key);
    const result = await client.callTool({
      name: 'push_records',
      arguments: {
        kind: 'people',
        source: 'agent',
        records: [
          { full_name: 'Katherine Johnson', email: 'kjohnson@nasa.example', title: 'Mathematician' },
          { full_name: 'Katherine G. Johnson', email: 'KJohnson@nasa.example' },
        ],
      },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      totals: { loaded: 1, merged: 1, unchanged: 0, rejected: 0 },
      credits_used: 0,
    });
    await client.close();
  });
});
