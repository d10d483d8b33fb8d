import type { Console, RequestContext } from '@dossier/access';
import { DossierError } from '@dossier/core';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieSettings } from './security.js';

export type ConsoleEnv = { Variables: { ctx: RequestContext } };

/** Client address from the socket; forwarded headers are not trusted (they would dodge throttling). */
export function clientMeta(c: Context) {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return {
    ip: incoming?.socket?.remoteAddress ?? null,
    userAgent: c.req.header('user-agent') ?? null,
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
  const ctx = { session, ...clientMeta(c) };
  c.set('ctx', ctx);
  return ctx;
}
