import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const acceptable = /^[\w.:-]{1,128}$/;

/** Keeps a caller's `X-Request-Id` when it is sane, or makes one; echoed on every response. */
export const requestId = (): MiddlewareHandler => async (c, next) => {
  const given = c.req.header('x-request-id');
  const id = given && acceptable.test(given) ? given : randomUUID();
  c.set('requestId' as never, id as never);
  c.header('X-Request-Id', id);
  await next();
};
