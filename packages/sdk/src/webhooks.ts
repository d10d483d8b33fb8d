/**
 * Checks a webhook from Dossier the way the Standard Webhooks specification says: HMAC-SHA256 with
 * the subscription's secret over `webhook-id.webhook-timestamp.body`, compared in constant time
 * with each `v1,` signature in `webhook-signature` (two during a secret rotation). Web Crypto only,
 * so it runs in Node.js 20, browsers, Deno and edge runtimes.
 */

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyWebhookOptions {
  /** Largest gap between `webhook-timestamp` and now, in seconds (replays). Default 300. */
  toleranceSeconds?: number;
  /** Default: the clock. */
  now?: Date;
}

/** A Dossier event as delivered. */
export interface WebhookEvent<D = Record<string, unknown>> {
  id: string;
  type: string;
  version: string;
  timestamp: string;
  data: D;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const header = (headers: HeaderSource, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
};

const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

const sameText = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};

/**
 * Verifies a delivery and returns its parsed event; throws `WebhookVerificationError` when the
 * headers are missing, the timestamp is too old or new, or no signature matches. Pass the raw body
 * exactly as received (a re-serialised JSON object does not verify).
 */
export async function verifyWebhook<D = Record<string, unknown>>(
  secret: string,
  body: string | Uint8Array,
  headers: HeaderSource,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent<D>> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook headers');
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - seconds) > tolerance)
    throw new WebhookVerificationError('webhook-timestamp out of tolerance');
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = toBase64(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${text}`)),
  );
  const matches = signatures
    .split(' ')
    .some((part) => part.startsWith('v1,') && sameText(part.slice(3), expected));
  if (!matches) throw new WebhookVerificationError('no matching signature');
  return JSON.parse(text) as WebhookEvent<D>;
}
