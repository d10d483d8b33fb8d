import { createAdmission } from '@dossier/access';
import type { Operation } from '@dossier/core';
import { operations as registry } from '@dossier/core';
import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { newApp } from './app.js';
import { HttpError } from './errors.js';
import { cors } from './middleware/cors.js';
import { docsPage } from './openapi/docs-page.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { registerOperations } from './routes.js';
import type { ApiDeps, ApiEnv } from './types.js';

const tooLarge = () => {
  throw new HttpError(413, 'payload_too_large', 'The request body is too large.');
};

/** The default body limit, or an operation's own when it takes large uploads (verification lists). */
function bodyLimits(operations: readonly Operation[], defaultBytes: number): MiddlewareHandler {
  const standard = bodyLimit({ maxSize: defaultBytes, onError: tooLarge });
  const large = operations
    .filter((op) => op.maxBodyBytes)
    .map((op) => ({
      method: op.method,
      pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
      maxBytes: op.maxBodyBytes as number,
      limit: bodyLimit({ maxSize: op.maxBodyBytes as number, onError: tooLarge }),
    }));
  return (c, next) => {
    const method = c.req.method;
    // Reading `c.req.raw.body` (as hono's bodyLimit does first) turns @hono/node-server's
    // lightweight request into a full web Request, which cost a third of the throughput.
    // A bodiless GET needs no check, and a declared length is checked without touching the body.
    if (method === 'GET' || method === 'HEAD') return next();
    const own = large.find((l) => l.method === method && l.pattern.test(c.req.path));
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(length)) {
      return Number(length) > (own?.maxBytes ?? defaultBytes) ? tooLarge() : next();
    }
    return (own?.limit ?? standard)(c, next);
  };
}

/** The REST door on its own: `/v1/*` operations, `/v1/openapi.json` and `/docs`. */
export function createApiApp(deps: ApiDeps) {
  const app = newApp(deps.log);
  registerApi(app, deps);
  return app;
}

/** Mounts the REST door onto an app made by `newApp` (so one app can serve every door). */
export function registerApi(app: Hono<ApiEnv>, deps: ApiDeps) {
  const operations = deps.operations ?? registry;
  const document = JSON.stringify(buildOpenApiDocument(operations));

  app.use('/v1/*', cors());
  app.use('/v1/*', bodyLimits(operations, deps.maxBodyBytes ?? 10 * 1024 * 1024));
  app.get('/v1/openapi.json', (c) => c.body(document, 200, { 'content-type': 'application/json' }));
  app.get('/docs', (c) => c.html(docsPage));
  registerOperations(app, operations, createAdmission({ ...deps, operations }));
}

export { newApp } from './app.js';
export { errorBodyOf } from './errors.js';
export type { Logger } from './logger.js';
export { createLogger, scrub } from './logger.js';
export { buildOpenApiDocument } from './openapi/document.js';
export type { ApiDeps, ApiEnv } from './types.js';
