import type { createAccess } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { newTenant, testAccess } from './harness.js';

describe('hostile input over MCP', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;
  let key = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    app = createMcpApp({ database, access, log: silentLogger });
    key = (await newTenant(database, access)).key;
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  const rpc = async (body: unknown) => {
    const res = await app.request('/mcp', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.json();
  };
  const toolCall = (id: number, name: string, args: unknown) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  /** The door's direct answer (a single call) and the SDK server's (the same call in a batch). */
  const bothWays = async (message: object) => {
    const direct = await rpc(message);
    const batch = await rpc([message]);
    return [direct, Array.isArray(batch) ? batch[0] : batch];
  };

  it('answers bad tool arguments as isError results naming the field, the same on both paths', async () => {
    const cases: [string, unknown, string][] = [
      ['get_verify_job', { job_id: '\u0000' }, 'job_id'],
      ['list_intent_topics', { prefix: 'crm\u0000' }, 'prefix'],
      ['intent', { min_score: 5e-324 }, 'min_score'],
      ['intent', { since: '-271821-04-20' }, 'since'],
      [
        'build_audience',
        { network: 'google', contacts: [{ email: 'a@b.example' }], as_job: true, idempotency_key: '\u0000' },
        'idempotency_key',
      ],
      ['get_company', { domain: 'northwind.example', live: 'sometimes' }, 'live'],
    ];
    let id = 1;
    for (const [name, args, field] of cases) {
      const [direct, viaSdk] = await bothWays(toolCall(id++, name, args));
      expect(direct.error, name).toBeUndefined();
      expect(direct.result).toMatchObject({ isError: true, structuredContent: { error: 'invalid_request' } });
      expect(direct.result.structuredContent.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(direct).toEqual(viaSdk);
    }
  });

  it('answers a malformed tools/call with -32602 invalid params, and a broken resource URI clearly', async () => {
    const [notObject] = await bothWays(toolCall(20, 'get_company', 'northwind.example'));
    expect(notObject.error.code).toBe(-32602);
    const initialize = await rpc({ jsonrpc: '2.0', id: 19, method: 'initialize', params: {} });
    expect(initialize.error.code).toBe(-32602);
    expect(initialize.error.message).toMatch(/params\.protocolVersion/);
    const broken = await rpc({
      jsonrpc: '2.0',
      id: 21,
      method: 'resources/read',
      params: { uri: 'dossier://company/%E0%A4%A' },
    });
    expect(broken.error.code).toBe(-32602);
    expect(broken.error.message).toMatch(/percent-encoding/);
    expect(broken.error.message).not.toMatch(/URI malformed/);
    const nul = await rpc({
      jsonrpc: '2.0',
      id: 22,
      method: 'resources/read',
      params: { uri: 'dossier://company/%00' },
    });
    expect(nul.error.code).toBe(-32602);
    expect(nul.error.message).toMatch(/domain: must not contain a NUL/);
  });
});
