import { type createAccess, provisionKey } from '@dossier/access';
import { type Database, operations, primaryScopes, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpApp } from '../src/index.js';
import { testAccess } from './harness.js';

/**
 * Every agent reads tools/list into its context on each connection: a primary key's list stays
 * under 25,000 bytes (about 6,000 tokens) on the wire.
 */
const BUDGET_BYTES = 25_000;

describe('tools/list for a primary key', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  it(`is under ${BUDGET_BYTES} bytes on the wire, and keeps every argument and value a model can send`, async () => {
    const app = createMcpApp({ database, access, log: silentLogger });
    const { key } = await provisionKey(database.db, access.keys, {
      org: 'tools-list-size',
      plan: 'enterprise',
      key: { kind: 'primary', scopes: [...primaryScopes] },
    });
    // The official client over Streamable HTTP; each response body is measured as it arrives.
    const bodies: { method: string; bytes: number }[] = [];
    const client = new Client({ name: 'size-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
        fetch: async (url, init) => {
          const response = await app.request(String(url), init as RequestInit);
          const text = await response.clone().text();
          const method = String(JSON.parse(String(init?.body ?? '{}')).method ?? '');
          bodies.push({ method, bytes: Buffer.byteLength(text) });
          return response;
        },
      }),
    );
    const { tools } = await client.listTools();
    const listed = bodies.filter((b) => b.method === 'tools/list');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.bytes).toBeLessThan(BUDGET_BYTES);

    const primary = operations.filter((op) => primaryScopes.includes(op.scope));
    expect(tools.map((t) => t.name).sort()).toEqual(primary.map((op) => op.name).sort());
    for (const op of primary) {
      const tool = tools.find((t) => t.name === op.name);
      const full = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
      };
      // Every argument the operation takes is in the tool's schema, and every value of its enums.
      expect(Object.keys(tool?.inputSchema.properties ?? {}).sort(), op.name).toEqual(
        Object.keys(full.properties ?? {}).sort(),
      );
      // A shape written once in the tool that owns it (search filters) counts wherever it is.
      const listedText = JSON.stringify(tools);
      // Booleans also taken spelled as text ("true", "1") are listed as booleans only.
      const spelled = (values: unknown[]) =>
        values.every((v) => ['0', '1', 'true', 'false'].includes(String(v)));
      for (const values of enumsOf(full).filter((v) => !spelled(v)))
        for (const v of values) expect(listedText, op.name).toContain(`"${v}"`);
      expect(tool?.description, op.name).toContain(JSON.stringify(op.example.input));
    }
    await client.close();
  });
});

/** The enum value lists anywhere in a JSON Schema. */
function enumsOf(node: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) for (const item of node) enumsOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value)) found.push(value);
      else enumsOf(value, found);
    }
  }
  return found;
}
