import type { Mailer } from '@dossier/accounts';
import { newApp, registerApi } from '@dossier/api';
import { createConsoleApp } from '@dossier/console';
import type { Jobs, Logger, Verifier, WebhookSettings } from '@dossier/core';
import { createMcpApp } from '@dossier/mcp';
import type { CliEnv } from './env.js';
import { requestMetrics } from './metrics.js';
import type { Metrics } from './runtime/metrics.js';
import type { Runtime } from './runtime/runtime.js';

/** All three doors on one port: /v1 and /docs (REST), /mcp (agents), / (console). */
export function createServerApp(
  runtime: Runtime,
  env: CliEnv,
  log: Logger & import('pino').Logger,
  services: {
    jobs?: Jobs;
    verifier?: Verifier;
    webhooks?: WebhookSettings;
    mailer?: Mailer;
    metrics?: Metrics;
  } = {},
  options: { doors?: boolean } = {},
) {
  const app = newApp(log);
  if (services.metrics) app.use('*', requestMetrics(services.metrics));
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await runtime.database.ping();
      return c.json({ status: 'ready', database: runtime.database.driver });
    } catch {
      return c.json({ status: 'unavailable', database: runtime.database.driver }, 503);
    }
  });
  // A worker answers health checks only.
  if (options.doors === false) return app;
  const { mailer, metrics: _metrics, ...doorServices } = services;
  const deps = {
    database: runtime.database,
    access: runtime.access,
    log,
    trustedProxies: env.DOSSIER_TRUSTED_PROXIES,
    ...doorServices,
  };
  app.route(
    '/',
    createMcpApp({ ...deps, allowedOrigins: env.MCP_ALLOWED_ORIGINS, allowedHosts: env.MCP_ALLOWED_HOSTS }),
  );
  registerApi(app, deps);
  app.route(
    '/',
    createConsoleApp({
      ...deps,
      redis: runtime.redis,
      mailer,
      mailTimeoutMs: env.DOSSIER_SMTP_TIMEOUT_MS + 5000,
      publicUrl: env.DOSSIER_PUBLIC_URL,
    }),
  );
  return app;
}
