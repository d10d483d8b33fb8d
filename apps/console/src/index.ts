import { type AccessConfig, type DoorDeps, trustNone } from '@dossier/access';
import { createConsole, type Mailer, type SessionPolicy, type SignInLimits } from '@dossier/accounts';
import type { Logger } from '@dossier/core';
import { Hono } from 'hono';
import { consoleApi } from './routes.js';
import { securityHeaders, trustForwarded } from './security.js';
import { staticFiles } from './static.js';

/** Every door's database, access layer and proxies (`DoorDeps`), and the console's own settings. */
export interface ConsoleDeps extends Pick<DoorDeps, 'database' | 'access' | 'trustedProxies'> {
  /** Shared sign-in throttling across instances (fails closed when Redis is down). */
  redis?: AccessConfig['redis'];
  sessions?: Partial<SessionPolicy>;
  signInLimits?: Partial<SignInLimits>;
  /** Emails invitation links; without one the console shows the link to copy. */
  mailer?: Mailer;
  mailTimeoutMs?: number;
  /** Public origin for emailed links (behind a proxy); the request's origin by default. */
  publicUrl?: string;
  log?: Logger;
  /** Where the built SPA lives; apps/console/dist by default. */
  distDir?: string;
}

/** Paths the single-page app owns; anything else falls through to the other doors' 404s. */
export const pagePaths = [
  '/',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/invite',
  '/invite/:token',
  '/o/*',
];

/** The console door: the JSON API under /console/api and the SPA bundle from dist/. */
export function createConsoleApp(deps: ConsoleDeps) {
  const service = createConsole({
    database: deps.database,
    access: deps.access,
    redis: deps.redis,
    sessions: deps.sessions,
    signInLimits: deps.signInLimits,
    mailer: deps.mailer,
    mailTimeoutMs: deps.mailTimeoutMs,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  const files = staticFiles(deps.distDir);
  const app = new Hono();
  app.route('/console/api', consoleApi(service, { trustedProxies: deps.trustedProxies }));
  app.use('/assets/*', trustForwarded(deps.trustedProxies ?? trustNone));
  app.use('/assets/*', securityHeaders());
  app.get('/assets/*', (c) => files.asset(c));
  for (const path of pagePaths) {
    app.use(path, trustForwarded(deps.trustedProxies ?? trustNone));
    app.use(path, securityHeaders());
    app.get(path, (c) => files.page(c));
  }
  return app;
}

export { defaultDistDir } from './static.js';
