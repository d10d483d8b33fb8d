import { clientAddress, type TrustedProxies, trustNone } from '@dossier/access';
import type { ClientMeta, Console, RequestContext } from '@dossier/accounts';
import { DossierError } from '@dossier/core';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieSettings } from './security.js';

export type ConsoleEnv = { Variables: { ctx: RequestContext; client: ClientMeta } };

/**
 * Where a request came from. The socket address, unless the socket peer is a proxy we were told
 * to trust (DOSSIER_TRUSTED_PROXIES); a header from anyone else would let a client dodge the
 * per-address sign-in limit or write any address into the audit log.
 */
export function clientMeta(c: Context, trust: TrustedProxies = trustNone): ClientMeta {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return {
    ip: clientAddress(incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trust),
    userAgent: c.req.header('user-agent') ?? null,
  };
}

/** Resolves the client once per request, for the routes and the session check. */
export function clientFrom(trust: TrustedProxies): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    c.set('client', clientMeta(c, trust));
    await next();
  };
}

export function setSessionCookie(c: Context, token: string, maxAgeSeconds: number) {
  const { name, secure } = cookieSettings(c);
  setCookie(c, name, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context) {
  const { name, secure } = cookieSettings(c);
  deleteCookie(c, name, { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
}

/** The signed-in context, or a 401 that tells the browser to sign in again. */
export async function requireSession(service: Console, c: Context<ConsoleEnv>): Promise<RequestContext> {
  const token = getCookie(c, cookieSettings(c).name);
  const session = await service.sessions.resolve(token);
  if (!session) {
    if (token) clearSessionCookie(c);
    throw new DossierError('unauthorized', 'Sign in to continue (your session ended or was signed out).');
  }
  const ctx = { session, ...c.get('client') };
  c.set('ctx', ctx);
  return ctx;
}
