import { errorSummary, isDossierError, outageAware } from '@dossier/core';
import { Hono } from 'hono';
import { errorBodyOf, HttpError } from './errors.js';
import type { Logger } from './logger.js';
import { requestId } from './middleware/request-id.js';
import { respondJson } from './response.js';
import type { ApiEnv } from './types.js';

/** Paths that carry a secret (console invitation links) are logged without it. */
const loggablePath = (path: string) =>
  path.startsWith('/invite/') ? path.replace(/^(\/invite\/)[^/]+/, '$1[redacted]') : path;

/**
 * The one factory that wires request ids, access logs and error mapping, so every app
 * answers errors the same way: `{ "error": code, "message": text }`, never a stack.
 */
export function newApp(log: Logger): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const caller = c.get('caller');
    log.info(
      {
        request_id: c.get('requestId'),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        key_id: caller?.keyId,
        org_id: caller?.orgId,
      },
      'request',
    );
  });
  app.onError((error, c) => {
    const id = c.get('requestId') ?? 'unknown';
    if (error instanceof HttpError) {
      return respondJson(c, { error: error.label, message: error.message, request_id: id }, error.status);
    }
    const seen = outageAware(error);
    const { status, body } = errorBodyOf(seen, id);
    if (status === 503) log.warn({ request_id: id, path: loggablePath(c.req.path) }, body.message);
    else if (status >= 500) {
      // The path and the names of the query parameters, never their values (emails, names).
      const params = [...new Set(new URL(c.req.url).searchParams.keys())];
      log.error(
        {
          request_id: id,
          method: c.req.method,
          path: loggablePath(c.req.path),
          query_params: params,
          err: errorSummary(error),
        },
        'unhandled error',
      );
    }
    const extra: Record<string, string> = {};
    if (body.error === 'unauthorized') extra['WWW-Authenticate'] = 'Bearer realm="dossier"';
    if ((body.error === 'rate_limited' || body.error === 'unavailable') && isDossierError(seen)) {
      extra['Retry-After'] = String(seen.retryAfter ?? 1);
    }
    return respondJson(c, body, status, extra);
  });
  app.notFound((c) =>
    respondJson(
      c,
      {
        error: 'not_found',
        message: `No route for ${c.req.method} ${c.req.path}`,
        request_id: c.get('requestId'),
      },
      404,
    ),
  );
  return app;
}
