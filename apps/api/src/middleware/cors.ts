import { rateLimitHeaderNames } from '@dossier/access';
import type { MiddlewareHandler } from 'hono';
import { addHeaders } from '../response.js';
import type { ApiEnv } from '../types.js';

const exposed = [...rateLimitHeaderNames, 'X-Request-Id'].join(', ');

/**
 * Preflights are answered for any origin (they carry no key, so nothing can be checked yet);
 * the real response names the origin only when the key allows it (set after authentication).
 */
export const cors = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const origin = c.req.header('origin');
  if (c.req.method === 'OPTIONS' && origin) {
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, X-Request-Id',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  }
  if (origin) addHeaders(c, { 'Access-Control-Expose-Headers': exposed });
  await next();
};
