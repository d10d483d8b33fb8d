import { type AccessConfig, createAccess, provisionKey } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { createMcpApp } from '../src/index.js';

type McpApp = ReturnType<typeof createMcpApp>;

/** The access layer as every MCP test uses it: one process, usage written on demand. */
export const testAccess = (database: Database, options: Partial<AccessConfig> = {}) =>
  createAccess({
    database,
    hashSecret: 's',
    log: silentLogger,
    singleProcess: true,
    usageFlushMs: 0,
    ...options,
  });

/** An SDK client over Streamable HTTP, talking to the app in process, with the key in the header. */
export async function connectClient(app: McpApp, key: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
      fetch: async (url, init) => app.request(String(url), init as RequestInit),
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

/** A key in a fresh organization (its own rate-limit budget). */
export const newTenant = (
  database: Database,
  access: ReturnType<typeof createAccess>,
  options: Omit<Parameters<typeof provisionKey>[2], 'org'> & { org?: string } = { plan: 'enterprise' },
) =>
  provisionKey(database.db, access.keys, {
    ...options,
    org: options.org ?? `mcp-${Math.random().toString(36).slice(2)}`,
  });
