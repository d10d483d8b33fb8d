import { type createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import {
  audience,
  createJobRunner,
  createVerifier,
  type Database,
  type JobRunner,
  type Operation,
  operations,
  primaryScopes,
  silentLogger,
  VERIFY_JOB_KIND,
  verifyJobKind,
} from '@dossier/core';
import { loadDemoData } from '@dossier/core/demo';
import { createTestDatabase } from '@dossier/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainToolCall } from '../src/direct-call.js';
import { createMcpApp } from '../src/index.js';
import { connectClient, testAccess } from './harness.js';

/**
 * Every tool, listed and called with its documented example, over a real Streamable HTTP client,
 * and every OpenAPI example sent to the REST door, on the demo data: each answers data, not an
 * empty list. The schemas are snapshotted so a change to what agents see is a deliberate one.
 */
describe('every MCP tool and documented example', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let runner: JobRunner;
  let client: Client;
  let rest: ReturnType<typeof createApiApp>;
  let key: string;
  let app: ReturnType<typeof createMcpApp>;

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
    runner = createJobRunner({ database, pollMs: 20 });
    runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize: 50 }));
    runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
    const deps = { database, access, log: silentLogger, verifier, jobs: runner.jobs };
    app = createMcpApp(deps);
    rest = createApiApp({ ...deps, log: createLogger('silent') });
    ({ key } = await provisionKey(database.db, access.keys, {
      org: 'every-tool',
      plan: 'enterprise',
      key: { kind: 'primary', scopes: [...primaryScopes, 'ingest', 'privacy'] },
    }));
    client = await connectClient(app, key);
    // Loading the whole demo data set costs about 10 s of CPU: allow for a machine busy with other work.
  }, 300_000);
  afterAll(async () => {
    await client?.close();
    await runner?.stop();
    await access?.close();
    await database?.close();
  });

  it('lists one tool per operation, downloads included, each fully annotated, with snapshotted schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((op) => op.name).sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      // Each hint as a client reads it, with MCP's defaults for the ones left out.
      const op = operations.find((o) => o.name === tool.name) as Operation;
      const hints = {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      };
      const read = { ...hints, ...tool.annotations };
      expect(read.readOnlyHint, tool.name).toBe(op.readOnly);
      expect(read.openWorldHint, tool.name).toBe(op.openWorld);
      if (!op.readOnly) {
        expect(read.destructiveHint, tool.name).toBe(op.method === 'DELETE');
        expect(read.idempotentHint, tool.name).toBe(op.idempotent);
      }
      expect(tool.outputSchema, tool.name).toBeUndefined();
      expect(tool.inputSchema.type).toBe('object');
    }
    const shapes = Object.fromEntries(
      tools.map((t) => [t.name, { input: t.inputSchema, annotations: t.annotations }]),
    );
    await expect(JSON.stringify(shapes, null, 2)).toMatchFileSnapshot('./__snapshots__/tools.json');
  });

  /**
   * The job tools' examples name a job: the one their submitting tool's example queues (the
   * example with `as_job`), as a user following the documentation would have it.
   */
  const jobs: Record<string, string> = {};
  const submitters: Record<string, string> = {
    get_audience_job: 'build_audience',
    get_audience_job_csv: 'build_audience',
    get_verify_job: 'verify_emails',
    get_verify_job_csv: 'verify_emails',
  };
  async function jobFor(tool: string): Promise<string> {
    const submitter = submitters[tool] as string;
    if (jobs[submitter]) return jobs[submitter];
    const op = operations.find((o) => o.name === submitter) as Operation;
    const queued = await client.callTool({
      name: submitter,
      arguments: { ...(op.example.input as object), as_job: true },
    });
    const id = (queued.structuredContent as { job: { id: string } }).job.id;
    await runner.runUntilIdle();
    jobs[submitter] = id;
    return id;
  }
  // Webhook subscriptions and privacy requests change state and name ids that exist only after a
  // create (packages/core/src/webhooks/worker.test.ts, apps/cli/test/webhooks.test.ts and
  // packages/core/src/privacy/erase.test.ts run them end to end); every other example reads the demo set.
  const onDemoData = operations.filter((op) => op.scope !== 'webhooks' && op.scope !== 'privacy');
  const exampleOf = async (op: Operation): Promise<Record<string, unknown>> => {
    const input = { ...(op.example.input as Record<string, unknown>) };
    if (submitters[op.name]) input.job_id = await jobFor(op.name);
    // Counts are written every few seconds; here at once, so the calls before this one show.
    if (op.name === 'get_usage') await access.meter.flush();
    return input;
  };

  it('calls every tool with the example in its description and gets data on the demo set', async () => {
    const { tools } = await client.listTools();
    for (const op of onDemoData) {
      const description = tools.find((t) => t.name === op.name)?.description ?? '';
      const shown = /Example: `(.*)`\.$/.exec(description)?.[1];
      expect(shown, op.name).toBe(JSON.stringify(op.example.input));
      const result = await client.callTool({ name: op.name, arguments: await exampleOf(op) });
      expect(result.isError, `${op.name}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      if (op.produces) {
        const link = (result.content as { type: string; size?: number }[]).find(
          (c) => c.type === 'resource_link',
        );
        expect(link?.size, op.name).toBeGreaterThan(0);
        expect((result.structuredContent as { rows: number }).rows, op.name).toBeGreaterThan(0);
      } else {
        expectData(op.name, result.structuredContent);
      }
    }
  }, 180_000);

  it('sends every OpenAPI example to the REST door and gets data on the demo set', async () => {
    const document = (await (await rest.request('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const op = operations.find((o) => o.name === operation.operationId) as Operation;
        if (!onDemoData.includes(op)) continue;
        const jobId = submitters[op.name] ? await jobFor(op.name) : undefined;
        if (op.name === 'get_usage') await access.meter.flush();
        let url = path;
        const query = new URLSearchParams();
        for (const p of operation.parameters ?? []) {
          const value = p.name === 'job_id' && jobId ? jobId : p.example;
          if (value === undefined) continue;
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
          if (p.in === 'query') query.set(p.name, Array.isArray(value) ? value.join(',') : String(value));
        }
        const body = operation.requestBody?.content['application/json']?.example;
        const response = await rest.request(`${url}${query.size ? `?${query}` : ''}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(300);
        if (op.produces) expect(text.split('\n').filter(Boolean).length, op.name).toBeGreaterThan(1);
        else expectData(op.name, JSON.parse(text));
      }
    }
  }, 180_000);

  /**
   * The door answers a plain tools/call itself (direct-call.ts) and everything else through the SDK
   * server and transport: for every tool, the direct answer is the SDK's, byte for byte once the
   * ids and times a repeated write makes anew are set aside. The SDK's path is taken by sending the
   * same call as a one-message batch, which the direct path leaves alone.
   */
  it('answers every tool the same on the direct path as through the SDK server, at the protocol version the SDK speaks', async () => {
    const sent: Record<string, string>[] = [];
    const spy = await connectClient(
      {
        request: (url: string, init: RequestInit) => {
          sent.push(Object.fromEntries(new Headers(init.headers).entries()));
          return app.request(url, init);
        },
      } as never,
      key,
    );
    await spy.callTool({ name: 'get_company', arguments: { domain: 'northwind.example' } });
    await spy.close();
    // The official client negotiates the SDK's latest version and sends it on every later request;
    // a tools/call with those headers is one the direct path answers.
    const toolsCall = sent.at(-1) as Record<string, string>;
    expect(toolsCall['mcp-protocol-version']).toBe(LATEST_PROTOCOL_VERSION);
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_company', arguments: {} },
    };
    expect(plainToolCall(body, (name) => toolsCall[name])).not.toBeNull();
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      expect(
        plainToolCall(body, (name) => ({ ...toolsCall, 'mcp-protocol-version': version })[name]),
      ).not.toBeNull();
    }
    // A version the SDK does not speak is left to the SDK transport, which refuses it.
    expect(
      plainToolCall(body, (name) => ({ ...toolsCall, 'mcp-protocol-version': '2099-01-01' })[name]),
    ).toBeNull();

    const post = (message: unknown, version: string) =>
      app.request('/mcp', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': version,
        },
        body: JSON.stringify(message),
      });
    let id = 100;
    for (const op of operations) {
      const version = SUPPORTED_PROTOCOL_VERSIONS[id % SUPPORTED_PROTOCOL_VERSIONS.length] as string;
      const message = {
        jsonrpc: '2.0',
        id: id++,
        method: 'tools/call',
        params: { name: op.name, arguments: await exampleOf(op) },
      };
      // A write's first call changes what the next one answers (stored, then a duplicate): it is
      // made once beforehand, so the two compared calls meet the same state.
      if (op.method !== 'GET') await post([message], version);
      const direct = await post(message, version);
      const viaSdk = await post([message], version);
      expect(direct.status, op.name).toBe(viaSdk.status);
      expect(direct.headers.get('content-type'), op.name).toBe(viaSdk.headers.get('content-type'));
      const sdkAnswer = await viaSdk.json();
      const directText = await direct.text();
      expect(directText.startsWith('{'), op.name).toBe(true);
      expect(comparable(JSON.parse(directText)), op.name).toEqual(
        comparable(Array.isArray(sdkAnswer) ? sdkAnswer[0] : sdkAnswer),
      );
    }
    // A tool that does not exist is answered the same way too.
    const unknown = {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'no_such_tool', arguments: {} },
    };
    const direct = await (await post(unknown, LATEST_PROTOCOL_VERSION)).json();
    const batch = await (await post([unknown], LATEST_PROTOCOL_VERSION)).json();
    expect(direct).toEqual(Array.isArray(batch) ? batch[0] : batch);
  }, 180_000);
});

interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}

/**
 * An answer with data: a record (a company, a person) or a list with at least one item; writes
 * store every row they were given, and reject none.
 */
function expectData(name: string, output: unknown) {
  const answer = output as Record<string, unknown>;
  expect(answer, name).toBeTruthy();
  const rejected = answer.rejected ?? (answer.totals as Record<string, unknown> | undefined)?.rejected;
  if (rejected !== undefined) expect(Array.isArray(rejected) ? rejected.length : rejected, name).toBe(0);
  const lists = Object.entries(answer).filter(([k, v]) => Array.isArray(v) && k !== 'rejected');
  if (lists.length) {
    expect(
      lists.some(([, v]) => (v as unknown[]).length > 0),
      `${name}: ${JSON.stringify(answer).slice(0, 300)}`,
    ).toBe(true);
  } else {
    expect(Object.keys(answer).length, name).toBeGreaterThan(2);
  }
}

/**
 * An answer with what a repeated write makes anew set aside: generated ids (`prefix_` and a long
 * random tail, or a UUID), signing secrets, times and durations. Everything else, the envelope included, must match.
 */
function comparable(answer: unknown): unknown {
  return JSON.parse(
    JSON.stringify(answer)
      .replace(/(_ms\\?":)\d+/g, '$10')
      .replace(/((?:secret|secret_hint)\\?":\\?")[^"\\]+/g, '$1<secret>')
      .replace(/\b[a-z]{2,8}_[0-9A-Za-z]{12,}\b/g, '<id>')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<id>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<time>'),
  );
}
