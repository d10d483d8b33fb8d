import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { addHeaders, applyGatheredHeaders } from '../response.js';
import type { ApiEnv } from '../types.js';

const acceptable = /^[\w.:-]{1,128}$/;

/** Keeps a caller's `X-Request-Id` when it is sane, or makes one; echoed on every response. */
export const requestId = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const given = c.req.header('x-request-id');
  const id = given && acceptable.test(given) ? given : randomUUID();
  c.set('requestId', id);
  addHeaders(c, { 'X-Request-Id': id });
  await next();
  applyGatheredHeaders(c);
};
