import type { Context } from 'hono';
import type { ApiEnv } from './types.js';

type Headers = Record<string, string>;

/**
 * Response headers gathered while a request runs (request id, rate limit, CORS), kept as a plain
 * object and written once with the response. Going through hono's `c.header` builds a web
 * `Headers` per response, which @hono/node-server must then convert back: measured at a fifth of
 * a cheap request's cost.
 */
export function addHeaders(c: Context<ApiEnv>, headers: Headers) {
  const gathered = c.get('responseHeaders');
  if (gathered) Object.assign(gathered, headers);
  else c.set('responseHeaders', { ...headers });
}

/** A response with the gathered headers and the given ones, in one plain object. */
export function respond(c: Context<ApiEnv>, body: string | null, status: number, headers: Headers) {
  c.set('headersApplied', true);
  return new Response(body, { status, headers: { ...c.get('responseHeaders'), ...headers } });
}

export const respondJson = (c: Context<ApiEnv>, value: unknown, status: number, headers: Headers = {}) =>
  respond(c, JSON.stringify(value), status, { 'content-type': 'application/json', ...headers });

/** For responses not made by `respond` (another app's routes): copies the gathered headers on. */
export function applyGatheredHeaders(c: Context<ApiEnv>) {
  if (c.get('headersApplied')) return;
  const gathered = c.get('responseHeaders');
  if (!gathered) return;
  for (const [name, value] of Object.entries(gathered)) {
    if (!c.res.headers.has(name)) c.header(name, value);
  }
}
