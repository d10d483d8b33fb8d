import { provisionKey } from '@dossier/access';
import { createJobs, createVerifier, primaryScopes, saveCompany } from '@dossier/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../src/index.js';
import {
  fuzzRuns,
  fuzzSeed,
  hostileString,
  hostileValue,
  leafPaths,
  namesField,
  percentEncode,
  replaceAt,
} from './fuzz/values.js';
import { createHarness, memoryLog } from './harness.js';

/**
 * A property-based fuzzer over the published OpenAPI document: every operation it lists gets
 * `DOSSIER_FUZZ_RUNS` malformed requests (wrong types, NULs, extreme numbers and dates, deep
 * nesting, huge and empty bodies, wrong content types, broken multipart and forms, hostile path and
 * query values). No answer may be a 5xx; every 4xx is the JSON error shape; a 422 for a request
 * with one field at fault names that field.
 */
const RUNS = fuzzRuns(150);

type Json = Record<string, unknown>;
interface Case {
  what: string;
  method: string;
  url: string;
  type?: string;
  body?: string;
  /** The field made hostile, when exactly one is. */
  field?: string[];
}
interface OperationDoc {
  method: string;
  path: string;
  pathParams: { name: string; example: unknown }[];
  queryParams: { name: string; example: unknown }[];
  bodyExample?: Json;
  bodyFields: string[];
}

const fillPath = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');

const formOf = (values: Json) => {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value))
      for (const v of value) form.append(name, typeof v === 'string' ? v : JSON.stringify(v));
    else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form.toString();
};

const multipartOf = (values: Json, boundary: string) =>
  `${Object.entries(values)
    .map(
      ([name, value]) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
    )
    .join('')}--${boundary}--\r\n`;

const rawBodies = [
  '',
  ' ',
  '{',
  '[]',
  'null',
  '"text"',
  '42',
  '{"limit": 1e999}',
  '{"a": -1e999}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
  '\u0000',
  '\uFEFF{}',
  '{"x": "\\ud800"}',
  '{"x": "\\u0000"}',
];

const contentTypes = [
  'text/plain',
  'application/xml',
  'text/csv',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/problem+json',
  'image/png',
  ';;;',
];

function caseArbitrary(op: OperationDoc): fc.Arbitrary<Case> {
  const pathValues = Object.fromEntries(
    op.pathParams.map((p) => [p.name, percentEncode(String(p.example ?? 'x'))]),
  );
  const query = Object.fromEntries(
    op.queryParams.filter((p) => p.example !== undefined).map((p) => [p.name, String(p.example)]),
  );
  const url = (values = pathValues, q: Record<string, string | string[]> = query) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) for (const one of [v].flat()) search.append(k, one);
    const text = search.toString();
    return `${fillPath(op.path, values)}${text ? `?${text}` : ''}`;
  };
  const cases: fc.Arbitrary<Case>[] = [];
  for (const param of op.pathParams) {
    cases.push(
      fc
        .oneof(
          hostileString.map(percentEncode),
          fc.constantFrom('%00', '%E0%A4%A', '%', '%2F..%2F', '%C0%AF', '%FF', '%uD800', '..', '.'),
        )
        .map((value) => ({
          what: `path ${param.name}`,
          method: op.method,
          url: url({ ...pathValues, [param.name]: value }),
          field: [param.name],
        })),
    );
  }
  if (op.method === 'GET') {
    const names = [...op.queryParams.map((p) => p.name), 'unknown_param'];
    cases.push(
      fc.tuple(fc.constantFrom(...names), hostileString, fc.boolean()).map(([name, value, repeated]) => ({
        what: `query ${name}`,
        method: op.method,
        url: url(pathValues, { ...query, [name]: repeated ? [value, value] : value }),
        field: [name],
      })),
    );
    cases.push(
      fc.constantFrom('?%E0%A4%A=1', '?limit=%00', '?=', '?&&&', `?${'a=1&'.repeat(5_000)}`).map((q) => ({
        what: 'raw query',
        method: op.method,
        url: `${url(pathValues, {})}${q}`,
      })),
    );
    return fc.oneof(...cases);
  }
  const example = op.bodyExample ?? {};
  const targets = [...op.bodyFields.map((f) => [f]), ...leafPaths(example), ['unknown_field']];
  const json = (body: unknown) => JSON.stringify(body);
  cases.push(
    fc.tuple(fc.constantFrom(...targets), hostileValue).map(([field, value]) => ({
      what: `body ${field.join('.')}`,
      method: op.method,
      url: url(),
      type: 'application/json',
      body: json(replaceAt(example, field, value)),
      field,
    })),
    fc.constantFrom(...rawBodies).map((body) => ({
      what: 'raw body',
      method: op.method,
      url: url(),
      type: 'application/json',
      body,
    })),
    fc.jsonValue({ maxDepth: 4 }).map((body) => ({
      what: 'random JSON',
      method: op.method,
      url: url(),
      type: 'application/json',
      body: json(body),
    })),
    fc
      .tuple(fc.constantFrom(...contentTypes), fc.constantFrom('example', 'form', 'garbage', 'empty'))
      .map(([type, shape]) => ({
        what: `content type ${type} (${shape})`,
        method: op.method,
        url: url(),
        type,
        body:
          shape === 'example'
            ? json(example)
            : shape === 'form'
              ? formOf(example)
              : shape === 'garbage'
                ? '\u0001garbage--x\r\n'
                : '',
      })),
    fc
      .tuple(fc.constantFrom(...targets.filter((t) => t.length === 1)), hostileString)
      .map(([field, value]) => ({
        what: `form ${field[0]}`,
        method: op.method,
        url: url(),
        type: 'application/x-www-form-urlencoded',
        body: formOf({ ...example, [field[0] as string]: value }),
        field,
      })),
    fc
      .tuple(fc.constantFrom(...targets.filter((t) => t.length === 1)), hostileString, fc.boolean())
      .map(([field, value, cut]) => {
        const body = multipartOf({ ...example, [field[0] as string]: value }, 'fuzzboundary');
        return {
          what: `multipart ${field[0]}${cut ? ' (cut off)' : ''}`,
          method: op.method,
          url: url(),
          type: 'multipart/form-data; boundary=fuzzboundary',
          body: cut ? body.slice(0, Math.floor(body.length / 2)) : body,
          field: cut ? undefined : field,
        };
      }),
  );
  return fc.oneof(...cases);
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let app: ReturnType<typeof createApiApp>;
  let key = '';
  const logged = memoryLog();
  const operations: OperationDoc[] = [];
  const tally = { cases: 0, failures: 0 };

  beforeAll(async () => {
    // Limits far above the run, so every case reaches validation instead of 429.
    h = await createHarness({
      planLimits: { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 },
    });
    // DNS goes to a loopback port where nothing listens: verification answers at once, offline.
    const verifier = createVerifier({
      heloName: 'fuzz.example',
      mailFrom: 'probe@fuzz.example',
      dnsServers: ['127.0.0.1:9'],
    });
    app = createApiApp({
      database: h.database,
      access: h.access,
      log: logged.log,
      jobs: createJobs(h.database),
      verifier,
    });
    key = (
      await provisionKey(h.database.db, h.access.keys, {
        org: 'fuzz',
        plan: 'enterprise',
        key: { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
      })
    ).key;
    await saveCompany(h.database.db, {
      domain: 'northwind.example',
      name: 'Northwind Traders',
      employeeCount: 180,
    });
    const doc = (await (await app.request('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, Json>>;
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        const params = (spec.parameters ?? []) as { name: string; in: string; example?: unknown }[];
        const content = (spec.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
        const bodyJson = content?.['application/json'];
        operations.push({
          method: method.toUpperCase(),
          path,
          pathParams: params
            .filter((p) => p.in === 'path')
            .map((p) => ({ name: p.name, example: p.example })),
          queryParams: params
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, example: p.example })),
          bodyExample: bodyJson?.example as Json | undefined,
          bodyFields: Object.keys(((bodyJson?.schema as Json | undefined)?.properties ?? {}) as Json),
        });
      }
    }
  });
  afterAll(async () => {
    console.log(
      `REST fuzz: ${tally.cases} cases over ${operations.length} operations, ${tally.failures} failures`,
    );
    await h?.close();
  });

  it('lists every operation of the registry', () => {
    expect(operations.length).toBeGreaterThanOrEqual(18);
  });

  it('answers every malformed request with a 4xx naming the field, never a 5xx', {
    timeout: 3_600_000,
  }, async () => {
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(op), async (c) => {
          tally.cases++;
          const headers: Record<string, string> = { authorization: `Bearer ${key}` };
          if (c.type !== undefined) headers['content-type'] = c.type;
          const res = await app.request(c.url, { method: c.method, headers, body: c.body });
          const text = await res.text();
          const label = `${c.method} ${op.path} ${c.what}: ${res.status} ${text.slice(0, 300)}`;
          if (res.status >= 500) tally.failures++;
          expect(res.status, label).toBeLessThan(500);
          if (res.status < 400) return;
          const body = JSON.parse(text) as {
            error?: unknown;
            message?: unknown;
            issues?: { path: string }[];
          };
          expect(typeof body.error, label).toBe('string');
          expect(typeof body.message, label).toBe('string');
          if (res.status === 422 && body.error === 'invalid_request') {
            expect(body.issues?.length, label).toBeGreaterThan(0);
            // The hostile field is named, or (a rule across fields, such as first_name with
            // last_name) another field of the operation is: never an issue without a field.
            const field = c.field;
            const known = new Set([
              ...op.bodyFields,
              ...op.pathParams.map((p) => p.name),
              ...op.queryParams.map((p) => p.name),
            ]);
            if (field)
              expect(
                body.issues?.some(
                  (i) => namesField(i.path, field) || known.has(i.path.split('.')[0] as string),
                ),
                label,
              ).toBe(true);
          }
        }),
        { numRuns: RUNS, endOnFailure: true, ...fuzzSeed() },
      );
    }
    expect(logged.lines.join('\n')).not.toContain('unhandled error');
  });
});
