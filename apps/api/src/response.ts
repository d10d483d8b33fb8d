import type { Context } from 'hono';
import type { ApiEnv } from './types.js';

type Headers = Record<string, string>;

/**
 * Response headers gathered while a request runs (request id, rate limit, CORS), kept as plain
 * objects and written once with the response. Going through hono's `c.header` builds a web
 * `Headers` per response that @hono/node-server must convert back, and merging objects with
 * spread or `Object.assign` drops V8 into slow dictionary objects: both were measured as a
 * large share of a cheap request (tooling/bench/README.md, access path).
 */
export function addHeaders(c: Context<ApiEnv>, headers: Headers) {
  const parts = c.get('responseHeaders');
  if (parts) parts.push(headers);
  else c.set('responseHeaders', [headers]);
}

function gathered(c: Context<ApiEnv>, own?: Headers): Headers {
  const out: Headers = {};
  for (const part of c.get('responseHeaders') ?? [])
    for (const name in part) out[name] = part[name] as string;
  if (own) for (const name in own) out[name] = own[name] as string;
  return out;
}

/** A response carrying the gathered headers, its content type and any of its own. */
export function respond(
  c: Context<ApiEnv>,
  body: string | ReadableStream<Uint8Array> | null,
  status: number,
  contentType: string,
  own?: Headers,
) {
  c.set('headersApplied', true);
  const headers = gathered(c, own);
  headers['content-type'] = contentType;
  return new Response(body, { status, headers });
}

export const respondJson = (c: Context<ApiEnv>, value: unknown, status: number, own?: Headers) =>
  respond(c, JSON.stringify(value), status, 'application/json', own);

/** For responses not made by `respond` (another app's routes): copies the gathered headers on. */
export function applyGatheredHeaders(c: Context<ApiEnv>) {
  if (c.get('headersApplied') || !c.get('responseHeaders')) return;
  for (const [name, value] of Object.entries(gathered(c))) {
    if (!c.res.headers.has(name)) c.header(name, value);
  }
}
