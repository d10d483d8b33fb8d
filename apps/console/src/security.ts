import { isTrustedPeer, socketAddressOf, type TrustedProxies } from '@dossier/access';
import type { Context, MiddlewareHandler } from 'hono';
import { ConsoleHttpError } from './errors.js';

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * HTTPS as the browser sees it: directly, or behind a proxy that terminates TLS. The proxy's
 * `X-Forwarded-Proto` counts only from a peer in DOSSIER_TRUSTED_PROXIES (see `trustForwarded`);
 * from anyone else it would let a client pick the cookie's name and the CSRF origin.
 */
export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.get('forwardedHttps' as never) === true;
}

/** Believes `X-Forwarded-Proto: https` only when the socket peer is a trusted proxy. */
export function trustForwarded(trust: TrustedProxies): MiddlewareHandler {
  return async (c, next) => {
    const https =
      c.req.header('x-forwarded-proto')?.trim().toLowerCase() === 'https' &&
      isTrustedPeer(socketAddressOf(c.env), trust);
    c.set('forwardedHttps' as never, https as never);
    await next();
  };
}

/** Plain HTTP on a loopback host is the only place a session cookie goes without `Secure`. */
export function cookieSettings(c: Context) {
  const https = isHttps(c);
  const host = new URL(c.req.url).hostname;
  const secure = https || !loopback.has(host);
  return {
    // `__Host-` binds the cookie to this exact origin, but browsers accept it only over HTTPS.
    name: https ? '__Host-dossier_session' : 'dossier_session',
    secure,
  };
}

/**
 * Refuses to sign anyone in when the browser would drop the session cookie: plain HTTP on a
 * host other than localhost gets a `Secure` cookie, which browsers silently ignore, so the user
 * would "sign in" and land on the sign-in page again. This says why and what to do instead.
 */
export function requireCookieTransport(c: Context) {
  if (!cookieSettings(c).secure || isHttps(c)) return;
  const host = new URL(c.req.url).host;
  throw new ConsoleHttpError(
    400,
    'https_required',
    `Signing in at http://${host} cannot work: browsers drop the secure session cookie on plain HTTP. ` +
      'Open the console over HTTPS (behind a TLS proxy, set DOSSIER_TRUSTED_PROXIES so its X-Forwarded-Proto counts), ' +
      'or on this machine at http://localhost.',
  );
}

/** The origin this request was addressed to, as a browser would write it in `Origin`. */
export function expectedOrigin(c: Context): string {
  const url = new URL(c.req.url);
  return `${isHttps(c) ? 'https:' : url.protocol}//${url.host}`;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request: the browser must say it is same-origin
 * (Sec-Fetch-Site, or failing that Origin), and the body must be JSON, which a plain HTML form
 * cannot send cross-site without a preflight.
 */
export function csrf(): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (site !== undefined && site !== 'same-origin') {
      throw new ConsoleHttpError(403, 'forbidden', `Cross-site request refused (Sec-Fetch-Site: ${site}).`);
    }
    if (origin !== undefined && origin !== expectedOrigin(c)) {
      throw new ConsoleHttpError(403, 'forbidden', 'Cross-origin request refused (Origin does not match).');
    }
    if (site === undefined && origin === undefined) {
      throw new ConsoleHttpError(403, 'forbidden', 'Request refused: no Origin or Sec-Fetch-Site header.');
    }
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new ConsoleHttpError(415, 'unsupported_media_type', 'Send the request body as application/json.');
    }
    return next();
  };
}

/** Headers for every console response: no framing, no sniffing, no referrer (invitation links carry tokens). */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    );
  };
}
