import { type createAccess, provisionKey } from '@dossier/access';
import {
  createJobs,
  createVerifier,
  type Database,
  operations,
  primaryScopes,
  saveCompany,
  silentLogger,
} from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fuzzRuns,
  fuzzSeed,
  hostileString,
  hostileValue,
  leafPaths,
  namesField,
  replaceAt,
} from '../../api/test/fuzz/values.js';
import { createMcpApp } from '../src/index.js';
import { testAccess } from './harness.js';

/**
 * A property-based fuzzer over the MCP door's JSON-RPC: malformed JSON, messages that are not
 * JSON-RPC, unknown methods, tool calls with hostile arguments, hostile resource URIs and prompt
 * arguments, batches of all of these, and wrong headers. No answer may be a 5xx or a -32603
 * internal error; a tool's invalid_request result names a field.
 */
const RUNS = fuzzRuns(150) * 4;

// Every operation is a tool (downloads answer a resource link).
const tools = operations;
const methods = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'no/such/method',
  '',
  'tools/call/extra',
];

interface Message {
  message: unknown;
  /** The tool argument made hostile, for a tools/call. */
  field?: string[];
}

const id = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
  fc.double(),
  fc.constant({}),
);

const toolCall: fc.Arbitrary<Message> = fc
  .tuple(fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(...tools), fc.boolean(), hostileValue)
  .chain(([n, op, known, value]) => {
    const example = op.example.input as Record<string, unknown>;
    const fields = [...Object.keys(op.input.shape).map((k) => [k]), ...leafPaths(example), ['unknown_field']];
    return fc.constantFrom(...fields).map((field) => ({
      message: {
        jsonrpc: '2.0',
        id: n,
        method: 'tools/call',
        params: { name: known ? op.name : `${op.name}_x`, arguments: replaceAt(example, field, value) },
      },
      field: known ? field : undefined,
    }));
  });

const oddCall: fc.Arbitrary<Message> = fc
  .tuple(fc.constantFrom(...tools.map((t) => t.name), 'nope', ''), hostileValue)
  .map(([name, args]) => ({
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  }));

const anyMethod: fc.Arbitrary<Message> = fc
  .tuple(id, fc.constantFrom(...methods), fc.option(hostileValue), fc.boolean())
  .map(([mid, method, params, notification]) => ({
    message: {
      jsonrpc: '2.0',
      ...(notification ? {} : { id: mid }),
      method,
      ...(params === null ? {} : { params }),
    },
  }));

const suffixOf: Record<string, string> = {
  'dossier://verify-job/': '/results.csv',
  'dossier://audience-job/': '/upload.csv',
};

const resourceRead: fc.Arbitrary<Message> = fc
  .tuple(
    fc.constantFrom(
      'dossier://company/',
      'dossier://person/',
      'dossier://verify-job/',
      'dossier://audience-job/',
      'dossier://',
      'http://',
      '',
    ),
    hostileString,
  )
  .map(([prefix, rest]) => ({
    message: {
      jsonrpc: '2.0',
      id: 2,
      method: 'resources/read',
      params: { uri: `${prefix}${rest}${suffixOf[prefix] ?? ''}` },
    },
  }));

const promptGet: fc.Arbitrary<Message> = fc
  .tuple(fc.constantFrom('research_account', 'build_target_list', 'clean_list', 'nope'), hostileValue)
  .map(([name, args]) => ({
    message: { jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name, arguments: args } },
  }));

const notRpc: fc.Arbitrary<Message> = fc
  .oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue)
  .map((message) => ({ message }));

const oneMessage = fc.oneof(
  { weight: 4, arbitrary: toolCall },
  { weight: 1, arbitrary: oddCall },
  { weight: 2, arbitrary: anyMethod },
  { weight: 1, arbitrary: resourceRead },
  { weight: 1, arbitrary: promptGet },
  { weight: 1, arbitrary: notRpc },
);

interface Request {
  body: string;
  headers: Record<string, string>;
  messages: Message[];
}

const goodHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

const headerVariants = fc.constantFrom<Record<string, string>>(
  goodHeaders,
  goodHeaders,
  goodHeaders,
  { ...goodHeaders, 'mcp-protocol-version': '2025-06-18' },
  { ...goodHeaders, 'mcp-protocol-version': '1999-01-01' },
  { ...goodHeaders, accept: 'application/json' },
  { ...goodHeaders, accept: '*/*' },
  { ...goodHeaders, 'content-type': 'text/plain' },
  { ...goodHeaders, 'content-type': 'multipart/form-data; boundary=x' },
  { accept: goodHeaders.accept },
);

const request: fc.Arbitrary<Request> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(oneMessage, headerVariants)
      .map(([m, headers]) => ({ body: JSON.stringify(m.message), headers, messages: [m] })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(oneMessage, { minLength: 0, maxLength: 5 })
      .map((ms) => ({ body: JSON.stringify(ms.map((m) => m.message)), headers: goodHeaders, messages: ms })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '',
        '{',
        '[',
        'null',
        '[]',
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "intent", "arguments": {"min_score": 1e999}}}',
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        '\u0000',
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_company","arguments":{"domain":"\\ud800"}}}',
      )
      .map((body) => ({ body, headers: goodHeaders, messages: [] })),
  },
);

describe('fuzzing the MCP door', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  let app: ReturnType<typeof createMcpApp>;
  let key = '';
  const tally = { cases: 0, failures: 0 };

  beforeAll(async () => {
    database = await createTestDatabase();
    access = testAccess(database);
    const verifier = createVerifier({
      heloName: 'fuzz.example',
      mailFrom: 'probe@fuzz.example',
      dnsServers: ['127.0.0.1:9'],
    });
    app = createMcpApp({ database, access, log: silentLogger, verifier, jobs: createJobs(database) });
    key = (
      await provisionKey(database.db, access.keys, {
        org: 'mcp-fuzz',
        plan: 'enterprise',
        key: { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
      })
    ).key;
    await saveCompany(database.db, {
      domain: 'northwind.example',
      name: 'Northwind Traders',
      employeeCount: 180,
    });
  });
  afterAll(async () => {
    console.log(`MCP fuzz: ${tally.cases} requests, ${tally.failures} failures`);
    await access?.close();
    await database?.close();
  });

  it('never answers a 5xx or an internal error, and names the field of a bad tool argument', {
    timeout: 3_600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        tally.cases++;
        const res = await app.request('/mcp', {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, ...r.headers },
          body: r.body,
        });
        const text = await res.text();
        const label = `${r.body.slice(0, 300)} -> ${res.status} ${text.slice(0, 400)}`;
        if (res.status >= 500) tally.failures++;
        expect(res.status, label).toBeLessThan(500);
        if (!text) return;
        const answers = [JSON.parse(text)].flat() as {
          id?: unknown;
          error?: { code: number };
          result?: { isError?: boolean; structuredContent?: { error?: string; issues?: { path: string }[] } };
        }[];
        for (const answer of answers) {
          if (answer.error?.code === -32603) tally.failures++;
          expect(answer.error?.code, label).not.toBe(-32603);
          const content = answer.result?.structuredContent;
          if (answer.result?.isError && content?.error === 'invalid_request') {
            expect(content.issues?.length, label).toBeGreaterThan(0);
            const sent = r.messages.find((m) => (m.message as { id?: unknown }).id === answer.id);
            const field = r.messages.length === 1 ? r.messages[0]?.field : sent?.field;
            if (field) {
              const name = (((sent ?? r.messages[0]) as Message).message as { params: { name: string } })
                .params.name;
              const op = tools.find((t) => t.name === name);
              const known = new Set(Object.keys(op?.input.shape ?? {}));
              expect(
                content.issues?.some(
                  (i) => namesField(i.path, field) || known.has(i.path.split('.')[0] as string),
                ),
                label,
              ).toBe(true);
            }
          }
        }
      }),
      { numRuns: RUNS, endOnFailure: true, ...fuzzSeed() },
    );
  });
});
