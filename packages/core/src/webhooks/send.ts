import type { DnsResolverLike } from '../net/index.js';
import { isSafeFetchError, safeFetch } from '../net/index.js';
import { envelope } from './events.js';
import { signedHeaders } from './signing.js';
import { liveSecrets } from './subscriptions.js';

export interface AttemptOutcome {
  /** HTTP status; null when no answer came. */
  status: number | null;
  latencyMs: number;
  error: string | null;
  excerpt: string | null;
}

export const userAgent = 'Dossier-Webhooks/1.0';

/**
 * One signed POST of an event. The address is checked by the SSRF guard (`safeFetch`), redirects
 * are not followed (a 3xx is a failed attempt, so nothing is ever sent on to a private address),
 * and only the first `maxResponseBytes` of the answer are read.
 */
export const sendAttempt = async (options: {
  url: string;
  deliveryId: string;
  event: { id: string; type: string; createdAt: Date; data: unknown };
  subscription: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null };
  at: Date;
  timeoutMs: number;
  maxResponseBytes: number;
  allowPrivate?: readonly string[];
  resolver?: DnsResolverLike;
}): Promise<AttemptOutcome> => {
  const body = envelope(options.event);
  const headers = signedHeaders(
    liveSecrets(options.subscription, options.at),
    options.deliveryId,
    options.at,
    body,
  );
  const started = performance.now();
  try {
    const response = await safeFetch(options.url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', accept: '*/*', ...headers },
      userAgent,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxResponseBytes,
      onTooLarge: 'truncate',
      followRedirects: false,
      ports: 'any',
      allowPrivate: options.allowPrivate,
      resolver: options.resolver,
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      status: response.status,
      latencyMs: Math.round(performance.now() - started),
      error: ok
        ? null
        : response.status >= 300 && response.status < 400
          ? 'redirects are not followed; point the subscription at the final URL'
          : `answered ${response.status}`,
      excerpt: response.body.length ? response.text().slice(0, options.maxResponseBytes) : null,
    };
  } catch (error) {
    return {
      status: null,
      latencyMs: Math.round(performance.now() - started),
      error: isSafeFetchError(error) ? error.message : error instanceof Error ? error.message : String(error),
      excerpt: null,
    };
  }
};
