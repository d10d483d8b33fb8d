import type { Operation } from '../operation.js';
import { pathParams } from '../operation.js';
import type { Scope } from '../scopes.js';

/**
 * Copyable curl, TypeScript and Python for an operation, built from its registry entry (method,
 * path, header fields and example input): the same registry both SDKs are generated from, so a
 * snippet calls each SDK the way it is built (`call(name, input)`, or `download` for files). The
 * key is never written into a snippet: each reads `DOSSIER_API_KEY` from the environment.
 *
 * Used by the OpenAPI document (`x-codeSamples`, shown by /docs) and the console's key page;
 * packages/sdk/test/snippets.test.ts runs every one against a server with the demo data.
 */
export interface Snippets {
  curl: string;
  typescript: string;
  python: string;
}

/** The base URL written into snippets where the caller has none (the default `dossier serve`). */
export const defaultSnippetBase = 'http://127.0.0.1:3000';

type SnippetOperation = Pick<Operation, 'name' | 'method' | 'path' | 'headers' | 'produces'> & {
  example: { input: unknown };
};

const shellQuote = (text: string) => `'${text.split("'").join("'\\''")}'`;

/** A JSON value as a Python literal (True/False/None, dicts and lists). */
function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pythonLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}

/** The REST request an input makes: path parameters filled in, header fields sent as headers. */
function restRequest(op: SnippetOperation, input: Record<string, unknown>) {
  const rest = { ...input };
  const headers: [string, string][] = [];
  for (const [header, field] of Object.entries(op.headers ?? {})) {
    if (rest[field] !== undefined) headers.push([header, String(rest[field])]);
    delete rest[field];
  }
  let path = op.path;
  for (const name of pathParams(op.path)) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(rest[name] ?? '')));
    delete rest[name];
  }
  if (op.method === 'GET' || op.method === 'DELETE') {
    const query = new URLSearchParams(
      Object.entries(rest)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
    ).toString();
    return { path: query ? `${path}?${query}` : path, headers, body: undefined };
  }
  return { path, headers, body: rest };
}

export function operationSnippets(
  op: SnippetOperation,
  options: { baseUrl?: string; input?: Record<string, unknown> } = {},
): Snippets {
  const base = (options.baseUrl ?? defaultSnippetBase).replace(/\/+$/, '');
  const input = options.input ?? ((op.example.input ?? {}) as Record<string, unknown>);
  const request = restRequest(op, input);

  const curl = ['curl -sS --fail-with-body -H "Authorization: Bearer $DOSSIER_API_KEY"'];
  for (const [name, value] of request.headers) curl.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body)
    curl.push(`-H 'content-type: application/json'`, `-d ${shellQuote(JSON.stringify(request.body))}`);
  if (op.method === 'DELETE') curl.push('-X DELETE');
  curl.push(shellQuote(`${base}${request.path}`));

  const download = Boolean(op.produces);
  const tsInput = JSON.stringify(input, null, 2);
  const typescript = [
    "import { Dossier } from '@dossier/sdk';",
    '',
    '// The key is read from the DOSSIER_API_KEY environment variable.',
    `const dossier = new Dossier({ baseUrl: '${base}' });`,
    `const result = await dossier.${download ? 'download' : 'call'}('${op.name}', ${tsInput});`,
    download ? 'console.log(result);' : 'console.log(JSON.stringify(result, null, 2));',
    '',
  ].join('\n');

  const python = [
    'from dossier import Dossier',
    '',
    '# The key is read from the DOSSIER_API_KEY environment variable.',
    `dossier = Dossier(base_url="${base}")`,
    `result = dossier.call("${op.name}", ${pythonLiteral(input)})`,
    'print(result)',
    '',
  ].join('\n');

  return { curl: curl.join(' \\\n  '), typescript, python };
}

/** The operations a key with these scopes may call, in registry order. */
export const operationsForScopes = <T extends { scope: Scope }>(
  operations: readonly T[],
  scopes: readonly string[],
): T[] => operations.filter((op) => scopes.includes(op.scope));
