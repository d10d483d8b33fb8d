import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** The outcome of one request against one limit. */
export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface Limiter {
  /** Counts one request for `key` against `limit` requests per minute. */
  consume(key: string, limit: number): Promise<RateState>;
  /** How many times the shared store failed and the per-process fallback answered. */
  readonly fallbacks: number;
  /** Requests counted for `key` in the current window, without counting one. */
  peek?(key: string, limit: number): Promise<number>;
}

/** The in-process limiter also answers synchronously, which the hot path uses. */
export interface MemoryLimiter extends Limiter {
  consumeNow(key: string, limit: number, now?: number): RateState;
}

/** Every limiter made in this process, held weakly, so the console can read the current minute. */
const liveLimiters = new Set<WeakRef<Limiter>>();
const track = <T extends Limiter>(limiter: T): T => {
  liveLimiters.add(new WeakRef(limiter));
  return limiter;
};

/** Requests counted for `key` (e.g. `org:org_...`) in the current window, across this process's limiters. */
export async function peekRate(key: string, limit: number): Promise<number> {
  let used = 0;
  for (const ref of liveLimiters) {
    const limiter = ref.deref();
    if (!limiter) liveLimiters.delete(ref);
    else if (limiter.peek) used = Math.max(used, await limiter.peek(key, limit));
  }
  return used;
}

/** The counting window: one minute, as the plans are stated. Tests shorten it. */
export const defaultWindowSeconds = 60;

function toState(res: RateLimiterRes, limit: number, allowed: boolean): RateState {
  return {
    allowed,
    limit,
    remaining: Math.max(0, allowed ? res.remainingPoints : 0),
    resetMs: Math.max(0, res.msBeforeNext),
  };
}

async function consumeWith(limiter: RateLimiterRedis, key: string, limit: number) {
  try {
    return toState(await limiter.consume(key, 1), limit, true);
  } catch (error) {
    if (error instanceof RateLimiterRes) return toState(error, limit, false);
    throw error;
  }
}

/**
 * Fixed windows counted in this process only (embedded mode, and the Redis limiter's fallback).
 * A window starts at a key's first request, as rate-limiter-flexible's do, so both limiters agree.
 * Plain synchronous counting: a map lookup per request, no promise or timer per key; expired
 * windows are swept once a window.
 */
export function createMemoryLimiter(prefix = 'rl', windowSeconds = defaultWindowSeconds): MemoryLimiter {
  const windowMs = windowSeconds * 1000;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + windowMs;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + windowMs;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  const consumeNow = (key: string, limit: number, now = Date.now()): RateState => {
    sweep(now);
    const id = `${prefix}:${limit}:${key}`;
    let w = windows.get(id);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      windows.set(id, w);
    }
    w.count++;
    const allowed = w.count <= limit;
    return { allowed, limit, remaining: allowed ? limit - w.count : 0, resetMs: w.resetAt - now };
  };
  return track({
    consumeNow,
    consume: async (key, limit) => consumeNow(key, limit),
    fallbacks: 0,
    peek: async (key, limit) => {
      const w = windows.get(`${prefix}:${limit}:${key}`);
      return w && w.resetAt > Date.now() ? w.count : 0;
    },
  });
}

/**
 * Shared by every instance through Redis: INCR + PEXPIRE in one atomic step, so two instances
 * together admit exactly the limit. Keys carry a hash tag (`{org_...}`) for Redis Cluster.
 * When Redis fails, the request is counted by a per-process limiter instead: never a 500.
 */
export function createRedisLimiter(
  redis: Redis,
  onFallback: (error: unknown) => void = () => {},
  prefix = 'dossier:rl',
  windowSeconds = defaultWindowSeconds,
): Limiter {
  const limiters = new Map<number, RateLimiterRedis>();
  const fallback = createMemoryLimiter(`${prefix}:fallback`, windowSeconds);
  let fallbacks = 0;
  const get = (limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        points: limit,
        duration: windowSeconds,
        keyPrefix: `${prefix}:${limit}`,
        rejectIfRedisNotReady: true,
      });
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  return track({
    async consume(key, limit) {
      try {
        return await consumeWith(get(limit), `{${key}}`, limit);
      } catch (error) {
        fallbacks++;
        onFallback(error);
        return fallback.consume(key, limit);
      }
    },
    get fallbacks() {
      return fallbacks;
    },
    async peek(key, limit) {
      try {
        return (await get(limit).get(`{${key}}`))?.consumedPoints ?? 0;
      } catch {
        return 0;
      }
    },
  });
}

/** Whole seconds a client should wait: at least 1, and enough for the window to have reset. */
export const retryAfterSeconds = (state: RateState): number => Math.max(1, Math.ceil(state.resetMs / 1000));

/** IETF httpapi RateLimit headers (draft syntax) plus the conventional X-RateLimit-* trio. */
export function rateLimitHeaders(
  state: RateState,
  now = Date.now(),
  windowSeconds = defaultWindowSeconds,
): Record<string, string> {
  const reset = Math.max(0, Math.ceil(state.resetMs / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"default";q=${state.limit};w=${windowSeconds}`,
    RateLimit: `"default";r=${state.remaining};t=${reset}`,
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(Math.ceil((now + state.resetMs) / 1000)),
  };
  if (!state.allowed) headers['Retry-After'] = String(retryAfterSeconds(state));
  return headers;
}

export const rateLimitHeaderNames = [
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
];
