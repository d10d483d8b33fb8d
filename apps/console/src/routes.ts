import { type TrustedProxies, trustNone } from '@dossier/access';
import type { Console } from '@dossier/accounts';
import { DossierError, isScope, operationSnippets, operations, operationsForScopes } from '@dossier/core';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { errorResponse } from './errors.js';
import {
  cookieSettings,
  csrf,
  expectedOrigin,
  requireCookieTransport,
  securityHeaders,
  trustForwarded,
} from './security.js';
import {
  type ConsoleEnv,
  clearSessionCookie,
  clientFrom,
  requireSession,
  setSessionCookie,
} from './session.js';

async function body(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DossierError('invalid_request', 'The request body must be a JSON object.');
  }
}

/** Session-cookie JSON API under /console/api: every route translates HTTP to one console call. */
export function consoleApi(service: Console, options: { trustedProxies?: TrustedProxies } = {}) {
  const api = new Hono<ConsoleEnv>();
  api.use('*', clientFrom(options.trustedProxies ?? trustNone));
  api.use('*', trustForwarded(options.trustedProxies ?? trustNone));
  api.use('*', securityHeaders());
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use('*', csrf());
  api.onError((error, c) => {
    const { status, body, retryAfter } = errorResponse(error);
    if (retryAfter) c.header('Retry-After', String(retryAfter));
    c.header('Cache-Control', 'no-store');
    return c.json(body, status);
  });

  const maxAge = Math.floor(service.sessions.policy.absoluteMs / 1000);
  const authed = (c: Context<ConsoleEnv>) => requireSession(service, c);
  const org = (c: Context<ConsoleEnv>) => c.req.param('org') as string;

  api.post('/auth/sign-up', async (c) => {
    requireCookieTransport(c);
    const created = await service.signUp(await body(c), c.get('client'));
    setSessionCookie(c, created.token, maxAge);
    return c.json({ user_id: created.userId, org_id: created.orgId }, 201);
  });
  api.post('/auth/sign-in', async (c) => {
    requireCookieTransport(c);
    const session = await service.signIn(await body(c), c.get('client'));
    // A new id at every sign-in; whatever session this browser held before ends here.
    await service.sessions.endToken(getCookie(c, cookieSettings(c).name));
    setSessionCookie(c, session.token, maxAge);
    return c.json({ user_id: session.userId });
  });
  api.post('/auth/sign-out', async (c) => {
    await service.signOut(await authed(c));
    clearSessionCookie(c);
    return c.json({ signed_out: true });
  });
  api.post('/auth/sign-out-everywhere', async (c) => {
    await service.signOutEverywhere(await authed(c));
    clearSessionCookie(c);
    return c.json({ signed_out: true });
  });
  api.post('/auth/password', async (c) =>
    c.json(await service.changePassword(await authed(c), await body(c))),
  );
  api.post('/auth/password-reset/request', async (c) =>
    c.json(await service.requestPasswordReset(await body(c), c.get('client'), expectedOrigin(c)), 202),
  );
  api.post('/auth/password-reset/complete', async (c) => {
    requireCookieTransport(c);
    const session = await service.completePasswordReset(await body(c), c.get('client'));
    await service.sessions.endToken(getCookie(c, cookieSettings(c).name));
    setSessionCookie(c, session.token, maxAge);
    return c.json({ user_id: session.userId });
  });
  api.post('/auth/reauth', async (c) => c.json(await service.reauth(await authed(c), await body(c))));
  api.get('/me', async (c) => c.json(await service.me(await authed(c))));

  // The token goes in the body, never the path: paths end up in request logs.
  api.post('/invitations/preview', async (c) => c.json(await service.previewInvitation(await body(c))));
  api.post('/invitations/accept', async (c) =>
    c.json(await service.acceptInvitation(await authed(c), await body(c))),
  );

  api.get('/orgs/:org', async (c) => c.json(await service.organization(await authed(c), org(c))));
  api.get('/orgs/:org/projects', async (c) => c.json(await service.listProjects(await authed(c), org(c))));
  api.post('/orgs/:org/projects', async (c) =>
    c.json(await service.createProject(await authed(c), org(c), await body(c)), 201),
  );

  api.get('/orgs/:org/keys', async (c) =>
    c.json(await service.listKeys(await authed(c), org(c), c.req.query('project_id') || undefined)),
  );
  api.post('/orgs/:org/keys', async (c) =>
    c.json(await service.createPrimaryKey(await authed(c), org(c), await body(c)), 201),
  );
  api.post('/orgs/:org/keys/scoped', async (c) =>
    c.json(await service.createScopedKey(await authed(c), org(c), await body(c)), 201),
  );
  api.patch('/orgs/:org/keys/:key', async (c) =>
    c.json(await service.renameKey(await authed(c), org(c), c.req.param('key'), await body(c))),
  );
  api.post('/orgs/:org/keys/:key/reveal', async (c) =>
    c.json(await service.revealKey(await authed(c), org(c), c.req.param('key'))),
  );
  api.post('/orgs/:org/keys/:key/roll', async (c) =>
    c.json(await service.rollKey(await authed(c), org(c), c.req.param('key'), await body(c))),
  );
  api.post('/orgs/:org/keys/:key/revoke', async (c) =>
    c.json(await service.revokeKey(await authed(c), org(c), c.req.param('key'))),
  );

  // Snippets for a key's scopes, from the operation registry: only what the key may call, written
  // for this server's origin. The key itself is never in them (each reads DOSSIER_API_KEY).
  api.get('/snippets', async (c) => {
    await authed(c);
    const scopes = (c.req.query('scopes') ?? '').split(',').filter(Boolean);
    const unknown = scopes.filter((s) => !isScope(s));
    if (unknown.length)
      throw new DossierError('invalid_request', `Unknown scope ${unknown.join(', ')}.`, {
        issues: [{ path: 'scopes', message: `Unknown scope ${unknown.join(', ')}.` }],
      });
    const baseUrl = expectedOrigin(c);
    return c.json(
      operationsForScopes(operations, scopes).map((op) => ({
        name: op.name,
        title: op.title,
        method: op.method,
        path: op.path,
        snippets: operationSnippets(op, { baseUrl }),
      })),
    );
  });

  api.get('/orgs/:org/members', async (c) => c.json(await service.listMembers(await authed(c), org(c))));
  api.post('/orgs/:org/invitations', async (c) => {
    return c.json(await service.invite(await authed(c), org(c), await body(c), expectedOrigin(c)), 201);
  });
  api.delete('/orgs/:org/invitations/:id', async (c) => {
    await service.revokeInvitation(await authed(c), org(c), c.req.param('id'));
    return c.json({ revoked: true });
  });
  api.patch('/orgs/:org/members/:user', async (c) => {
    await service.changeRole(await authed(c), org(c), c.req.param('user'), await body(c));
    return c.json({ updated: true });
  });
  api.delete('/orgs/:org/members/:user', async (c) => {
    await service.removeMember(await authed(c), org(c), c.req.param('user'));
    return c.json({ removed: true });
  });

  api.get('/orgs/:org/audit', async (c) =>
    c.json(await service.auditLog(await authed(c), org(c), c.req.query())),
  );
  api.get('/orgs/:org/usage', async (c) =>
    c.json(await service.usage(await authed(c), org(c), c.req.query())),
  );
  api.get('/orgs/:org/usage.csv', async (c) => {
    const { filename, csv } = await service.usageCsv(await authed(c), org(c), c.req.query());
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${filename}"`);
    return c.body(csv);
  });
  api.get('/orgs/:org/requests', async (c) =>
    c.json(await service.requestLog(await authed(c), org(c), c.req.query())),
  );

  api.all('*', (c) =>
    c.json({ error: 'not_found', message: `No console route ${c.req.method} ${c.req.path}` }, 404),
  );
  return api;
}
