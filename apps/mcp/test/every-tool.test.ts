import { type createAccess, provisionKey } from '@dossier/access';
import {
  createVerifier,
  type Database,
  loadDemoData,
  operations,
  primaryScopes,
  silentLogger,
} from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, testAccess } from './harness.js';

/**
 * Every tool, listed and called with its documented example, over a real Streamable HTTP client.
 * The schemas are snapshotted so a change to what agents see is a deliberate one.
 */
describe('every MCP tool', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDemoData(database);
    access = testAccess(database);
    // DNS goes to a loopback port where nothing listens: verification answers at once, offline.
    const verifier = createVerifier({
      heloName: 'test.example',
      mailFrom: 'probe@test.example',
      dnsServers: ['127.0.0.1:9'],
    });
    const app = createMcpApp({ database, access, log: silentLogger, verifier });
    const { key } = await provisionKey(database.db, access.keys, {
      org: 'every-tool',
      plan: 'enterprise',
      key: { kind: 'primary', scopes: [...primaryScopes, 'ingest', 'privacy'] },
    });
    client = await connectClient(app, key);
    // Loading the whole demo data set costs about 10 s of CPU: allow for a machine busy with other work.
  }, 300_000);
  afterAll(async () => {
    await client?.close();
    await access.close();
    await database.close();
  });

  it('lists one tool per operation, downloads included, each fully annotated, with snapshotted schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((op) => op.name).sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: operations.find((op) => op.name === tool.name)?.method === 'DELETE',
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
      expect(tool.inputSchema.type).toBe('object');
    }
    const shapes = Object.fromEntries(
      tools.map((t) => [
        t.name,
        { input: t.inputSchema, output: t.outputSchema, annotations: t.annotations },
      ]),
    );
    await expect(JSON.stringify(shapes, null, 2)).toMatchFileSnapshot('./__snapshots__/tools.json');
  });

  it('calls every tool with its documented example', async () => {
    for (const op of operations) {
      const result = await client.callTool({
        name: op.name,
        arguments: op.example.input as Record<string, unknown>,
      });
      if (result.isError) {
        // examples that name an id of their own (a person, a job) find nothing in this database
        expect(
          (result.structuredContent as { error: string }).error,
          `${op.name}: ${JSON.stringify(result.structuredContent)}`,
        ).toBe('not_found');
      } else {
        expect(result.structuredContent, op.name).toBeTruthy();
        expect((result.content as { type: string }[])[0]?.type, op.name).toBe('text');
      }
    }
  });
});
