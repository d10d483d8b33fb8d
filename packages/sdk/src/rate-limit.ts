/** The caller's rate-limit window after the last response. */
export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** When the window resets, as Unix seconds. */
  reset: number;
}

const int = (value: string | null | undefined): number | undefined => {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** `"default";r=9;t=42` -> { r: '9', t: '42' } (IETF RateLimit draft syntax). */
const params = (value: string | null): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const part of (value ?? '').split(';').slice(1)) {
    const [key, val] = part.split('=').map((s) => s.trim());
    if (key && val !== undefined) out[key] = val;
  }
  return out;
};

/** Reads X-RateLimit-* (or, failing that, RateLimit and RateLimit-Policy); undefined when absent. */
export function parseRateLimit(headers: Headers, now = Date.now()): RateLimit | undefined {
  let limit = int(headers.get('x-ratelimit-limit'));
  let remaining = int(headers.get('x-ratelimit-remaining'));
  let reset = int(headers.get('x-ratelimit-reset'));
  if (limit === undefined || remaining === undefined || reset === undefined) {
    const current = params(headers.get('ratelimit'));
    const policy = params(headers.get('ratelimit-policy'));
    limit ??= int(policy.q);
    remaining ??= int(current.r);
    const seconds = int(current.t);
    if (reset === undefined && seconds !== undefined) reset = Math.ceil(now / 1000) + seconds;
  }
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, reset };
}
