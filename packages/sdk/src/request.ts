import type { OperationSpec } from './generated/operations.js';
import type { RequestSpec } from './transport.js';

/** Per-call options every method takes as its last argument. */
export interface CallOptions {
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
  /** Cancels the call (and any wait between retries). */
  signal?: AbortSignal;
}

/** A random UUID v4; `randomUUID` is missing on plain-http pages, `getRandomValues` is not. */
export function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Turns an operation input into an HTTP request the way the server reads it: path parameters into
 * the path, declared fields into headers, the rest into the query (GET) or the JSON body.
 */
export function buildRequest(
  spec: OperationSpec,
  input: Record<string, unknown>,
  options: CallOptions = {},
): RequestSpec {
  const rest: Record<string, unknown> = { ...input };
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${name} is required`);
    return encodeURIComponent(String(value));
  });
  const headers: Record<string, string> = {};
  for (const [header, field] of Object.entries(spec.headers ?? {})) {
    const value = rest[field];
    delete rest[field];
    if (value !== undefined) headers[header] = String(value);
  }
  // A submission with an idempotency key is safe to retry: the server answers a repeat with the same job.
  const keyed = Object.hasOwn(spec.headers ?? {}, 'idempotency-key');
  if (keyed && headers['idempotency-key'] === undefined) headers['idempotency-key'] = newKey();

  const request: RequestSpec = {
    method: spec.method,
    path,
    headers,
    retryable: spec.method === 'GET' || spec.readOnly || spec.idempotent || keyed,
    text: spec.produces !== undefined,
    ...options,
  };
  if (spec.method === 'GET' || spec.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(rest)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
    }
    request.query = query;
  } else {
    request.body = rest;
  }
  return request;
}
