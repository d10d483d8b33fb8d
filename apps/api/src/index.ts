import { operations as registry } from '@dossier/core';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { newApp } from './app.js';
import { HttpError } from './errors.js';
import { cors } from './middleware/cors.js';
import { docsPage } from './openapi/docs-page.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { registerOperations } from './routes.js';
import type { ApiDeps, ApiEnv } from './types.js';

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
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: deps.maxBodyBytes ?? 10 * 1024 * 1024,
      onError: () => {
        throw new HttpError(413, 'payload_too_large', 'The request body is too large.');
      },
    }),
  );
  app.get('/v1/openapi.json', (c) => c.body(document, 200, { 'content-type': 'application/json' }));
  app.get('/docs', (c) => c.html(docsPage));
  registerOperations(app, operations, {
    database: deps.database,
    access: deps.access,
    log: deps.log,
    now: deps.now ?? (() => new Date()),
    jobs: deps.jobs,
    verifier: deps.verifier,
  });
}

export { newApp } from './app.js';
export { errorBodyOf, statusOf } from './errors.js';
export type { Logger } from './logger.js';
export { createLogger, scrub } from './logger.js';
export { buildOpenApiDocument } from './openapi/document.js';
export type { ApiDeps, ApiEnv } from './types.js';
