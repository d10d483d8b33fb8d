import type { createAccess } from '@dossier/access';
import { type Database, saveCompany, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, newTenant, testAccess } from './harness.js';

describe('the MCP door', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    app = createMcpApp({ database, access, log: silentLogger });
    await saveCompany(database.db, {
      domain: 'northwind.example',
      name: 'Northwind Traders',
      employeeCount: 180,
    });
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  const connect = (key: string) => connectClient(app, key);

  const tenant = (plan: 'free' | 'enterprise' = 'enterprise', scopes?: string[]) =>
    newTenant(database, access, {
      plan,
      key: scopes ? { kind: 'scoped', scopes, expiresAt: new Date(Date.now() + 3600_000) } : undefined,
    });

  it('lists the tool with schemas and annotations, and calls it with the key', async () => {
    const client = await connect((await tenant()).key);
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get_company');
    expect(tool).toBeDefined();
    expect(tool?.inputSchema.properties).toHaveProperty('domain');
    // No output schema: the answer's JSON is in the text a model reads (tool-schemas.ts); a failed
    // call's fields are described once, in the server's instructions.
    expect(tool?.outputSchema).toBeUndefined();
    expect(client.getInstructions()).toContain('retry_after_s');
    expect(tool?.annotations).toEqual({ readOnlyHint: true });
    const result = await client.callTool({
      name: 'get_company',
      arguments: { domain: 'https://www.northwind.example/' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ name: 'Northwind Traders', credits_used: 0 });
    await client.close();
  });

  it('returns mistakes a model can fix as isError results naming the field', async () => {
    const client = await connect((await tenant()).key);
    await client.listTools(); // the client then checks results against the output schemas
    const bad = await client.callTool({ name: 'get_company', arguments: { domain: 'not a domain' } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ error: 'invalid_request', issues: [{ path: 'domain' }] });
    const missing = await client.callTool({ name: 'get_company', arguments: { domain: 'nobody.example' } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ error: 'not_found' });
    await client.close();
  });

  it('shows only the tools a scoped key allows', async () => {
    const client = await connect((await tenant('enterprise', ['search'])).key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('get_company');
    await client.close();
  });

  it('answers 401 JSON without a valid key, and 405 to GET and DELETE', async () => {
    const res = await app.request('/mcp', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain('Authorization: Bearer');
    const get = await app.request('/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await app.request('/mcp', { method: 'DELETE' })).status).toBe(405);
  });

  it('answers a body that is not JSON with a JSON-RPC parse error, and an oversized one with 413', async () => {
    const { key } = await tenant();
    const headers = {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const garbled = await app.request('/mcp', { method: 'POST', headers, body: '{"jsonrpc":' });
    expect(garbled.status).toBe(400);
    expect((await garbled.json()).error.code).toBe(-32700);
    const huge = await app.request('/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(5 * 1024 * 1024) },
      }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('x-request-id')).toMatch(/./);
  });

  it('answers a plain tools/call directly exactly as the SDK server answers it, and leaves the rest to the SDK', async () => {
    const { key } = await tenant();
    const headers = {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    };
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'get_company', arguments: { domain: 'northwind.example' } },
    });
    const post = (body: unknown, extra: Record<string, string> = {}) =>
      app.request('/mcp', { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
    const direct = await post(call(7));
    expect(direct.status).toBe(200);
    expect(direct.headers.get('ratelimit-policy')).toMatch(/q=\d+/);
    const batch = await post([call(7)]); // a batch goes through the SDK transport
    expect(batch.status).toBe(200);
    const batchAnswer = await batch.json();
    // The SDK answers a one-message batch with the bare message, as it would a single request.
    const viaSdk = Array.isArray(batchAnswer) ? batchAnswer[0] : batchAnswer;
    expect(await direct.json()).toEqual(viaSdk);
    expect(viaSdk.result.structuredContent).toMatchObject({ domain: 'northwind.example' });
    const unknown = await post({ ...call(8), params: { name: 'no_such_tool', arguments: {} } });
    expect((await unknown.json()).result).toMatchObject({
      isError: true,
      structuredContent: { error: 'not_found' },
    });
    // What the transport refuses is still refused the SDK's way.
    expect((await post(call(9), { 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    expect((await post(call(10), { accept: 'application/json' })).status).toBe(406);
  });

  it('refuses a browser Origin that is not allowed (DNS rebinding)', async () => {
    const { key } = await tenant();
    const res = await app.request('/mcp', {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('counts tool calls against the plan and reports the limit as a tool error with the retry time', async () => {
    const client = await connect((await tenant('free')).key);
    await client.listTools(); // does not count
    for (let i = 0; i < 10; i++) {
      const ok = await client.callTool({ name: 'get_company', arguments: { domain: 'northwind.example' } });
      expect(ok.isError, `call ${i + 1}`).toBeFalsy();
    }
    const limited = await client.callTool({
      name: 'get_company',
      arguments: { domain: 'northwind.example' },
    });
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent).toMatchObject({ error: 'rate_limited' });
    const { retry_after_s, message } = limited.structuredContent as {
      retry_after_s: number;
      message: string;
    };
    expect(retry_after_s).toBeGreaterThanOrEqual(1);
    // The same sentence as REST: the plan, its limit and the wait.
    expect(message).toBe(`Free plan: 10 requests a minute; retry in ${retry_after_s} s.`);
    expect((limited.content as { text: string }[])[0]?.text).toBe(`rate_limited: ${message}`);
    await client.close();
  });

  it('lists prompts and reads the company resource', async () => {
    const client = await connect((await tenant()).key);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['research_account', 'build_target_list', 'clean_list']);
    const prompt = await client.getPrompt({
      name: 'research_account',
      arguments: { domain: 'northwind.example' },
    });
    expect(JSON.stringify(prompt.messages)).toContain('get_company');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('dossier://company/{domain}');
    const read = await client.readResource({ uri: 'dossier://company/northwind.example' });
    expect(JSON.parse(String((read.contents[0] as { text: string }).text)).name).toBe('Northwind Traders');
    await client.close();
  });
});
