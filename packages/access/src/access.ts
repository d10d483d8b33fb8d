import { type Caller, DossierError, type Logger, privacy, type Scope } from '@dossier/core';
import type { Database, Plan } from '@dossier/db';
import type { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createKeyCache } from './key-cache.js';
import { createRedisKeyEvents, type KeyEvents } from './key-events.js';
import { bearerToken, createKeyHasher } from './key-format.js';
import { createKeyStore, type Grace, type KeyRecord, type NewKeyInput } from './key-store.js';
import { planRateLimits } from './plans.js';
import {
  createMemoryLimiter,
  createRedisLimiter,
  defaultWindowSeconds,
  type Limiter,
  type RateState,
  rateLimitHeaders,
} from './rate-limit.js';
import type { LimitedBy, LimitOutcome } from './rate-limit-message.js';
import { createRequestLog } from './request-log.js';
import { createUsageMeter } from './usage-meter.js';

export interface AccessConfig {
  database: Database;
  /** HMAC secret for key hashes. */
  hashSecret: string;
  /** Key-encryption key for reveal. */
  kek?: Buffer;
  /** Shared rate limits and key invalidation across instances. */
  redis?: Redis;
  log: Logger;
  /** True when no other process can change keys (embedded database). */
  singleProcess?: boolean;
  /** Trust period of a cached key while invalidations are known to arrive. */
  keyCacheTtlMs?: number;
  usageFlushMs?: number;
  /** Days the request log keeps a row (REQUEST_LOG_DAYS); 30 by default. */
  requestLogDays?: number;
  /** How often the request log sweep deletes old rows; hourly by default, 0 for never (tests). */
  requestLogSweepMs?: number;
  /** Rate-limit window; one minute unless a test needs it shorter. */
  rateWindowSeconds?: number;
  /** Requests per minute per plan; the published plans unless a benchmark needs headroom. */
  planLimits?: Record<Plan, number>;
  /** Redis key prefix, so separate deployments (or tests) can share one Redis. */
  redisPrefix?: string;
  /** Known keys held in memory (tests make it small). */
  keyCacheMax?: number;
  /** Failed key lookups allowed per client address per minute before 429 (default 30). */
  failedAuthPerMinute?: number;
}

/** A caller as the doors see it: core's Caller plus what limits and CORS need. */
export interface AuthedCaller extends Caller {
  plan: Plan;
  kind: 'primary' | 'scoped';
  origins: string[];
  rateLimit: number | null;
}

/** The message for a key that is missing, malformed or unknown: no hint which check failed. */
export const unauthorizedMessage =
  'Missing or invalid API key. Send it as `Authorization: Bearer dsr_live_...`; keys are created in the console or with `dossier keys create`.';

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Why a stored key no longer works, or null while it does. Only a caller holding the whole key
 * reaches this (the lookup is by the key's keyed hash), so naming the key and the reason tells a
 * guesser nothing: a made-up key still gets `unauthorizedMessage`.
 */
export function endedMessage(record: Pick<KeyRecord, 'id' | 'revokedAt' | 'expiresAt'>, now: Date) {
  const next = 'Use another key, or create one in the console or with `dossier keys create`.';
  if (record.revokedAt) return `This API key (${record.id}) was revoked on ${utc(record.revokedAt)}. ${next}`;
  if (record.expiresAt && record.expiresAt <= now) {
    return `This API key (${record.id}) expired on ${utc(record.expiresAt)}. ${next}`;
  }
  return null;
}

/**
 * The one origin rule for every door: a browser request (one with an Origin) is allowed when
 * the key has no origin list or lists that origin. Requests without an Origin are not from a
 * browser page, so a list has nothing to check.
 */
export function originAllowed(origins: readonly string[], origin: string | null | undefined): boolean {
  return !origin || origins.length === 0 || origins.includes(origin);
}

/** Bound on how long a revoked key can keep working when invalidations may be missed. */
const safeTtlMs = 1000;

export function createAccess(config: AccessConfig) {
  const { database, log } = config;
  // The privacy suppression list is hashed under a key derived from the same instance secret.
  privacy.useInstanceSecret(config.hashSecret);
  const store = createKeyStore(database.db, { hashSecret: config.hashSecret, kek: config.kek });
  const events: KeyEvents | null = config.redis
    ? createRedisKeyEvents(config.redis, log, `${config.redisPrefix ?? 'dossier'}:key-events`)
    : null;
  const longTtl = config.keyCacheTtlMs ?? 60_000;
  const cache = createKeyCache(store, {
    ttlMs: () => (events?.healthy || (!events && config.singleProcess) ? longTtl : safeTtlMs),
    max: config.keyCacheMax,
  });
  // Per process: a flood of made-up keys from one address stops costing lookups after this many.
  const failedAuthLimit = config.failedAuthPerMinute ?? 30;
  const failedAuth = new RateLimiterMemory({ points: failedAuthLimit, duration: 60, keyPrefix: 'auth-fail' });
  // Requests refused a 429, by the limit that refused them (read by `metrics`).
  const rejected = { plan: 0, key: 0, failedAuth: 0 };
  events?.onInvalidate((hash) => cache.invalidate(hash));
  events?.onResync(() => cache.clear());

  let lastFallbackLog = 0;
  const windowSeconds = config.rateWindowSeconds ?? defaultWindowSeconds;
  const onFallback = (error: unknown) => {
    if (Date.now() - lastFallbackLog > 10_000) {
      lastFallbackLog = Date.now();
      log.warn({ err: (error as Error)?.message }, 'rate limiter: Redis unavailable, counting per process');
    }
  };
  // Written out rather than spread: a spread and two more fields cost more than the counting itself.
  const outcome = (state: RateState, by: LimitedBy): LimitOutcome => ({
    allowed: state.allowed,
    limit: state.limit,
    remaining: state.remaining,
    resetMs: state.resetMs,
    by,
    windowSeconds,
  });
  const memory = config.redis ? null : createMemoryLimiter('rl', windowSeconds);
  const limiter: Limiter =
    memory ??
    createRedisLimiter(
      config.redis as Redis,
      onFallback,
      `${config.redisPrefix ?? 'dossier'}:rl`,
      windowSeconds,
    );
  const meter = createUsageMeter(database.db, log, config.usageFlushMs);
  const requests = createRequestLog(database.db, log, {
    flushMs: config.usageFlushMs,
    retentionDays: config.requestLogDays,
    sweepMs: config.requestLogSweepMs,
  });

  const hashOf = createKeyHasher(config.hashSecret);
  // One caller per cached record, built on first use: a cache hit allocates nothing.
  const callers = new WeakMap<KeyRecord, AuthedCaller>();

  const changed = async (hash: string) => {
    cache.invalidate(hash);
    await events?.publish(hash);
  };

  return {
    /**
     * Resolves the bearer header to a caller, or throws `unauthorized` / `forbidden` (the request's
     * Origin is not one the key allows). Every door passes the Origin header it received.
     */
    async authenticate(
      input: {
        authorization?: string | null;
        origin?: string | null;
        /** The client's address (trusted proxies applied); failed lookups are limited per address. */
        client?: string | null;
      },
      now = new Date(),
    ) {
      const token = bearerToken(input.authorization);
      const hash = token ? hashOf(token) : null;
      if (!hash) throw new DossierError('unauthorized', unauthorizedMessage);
      const cached = cache.peek(hash);
      // Only a lookup costs the database: an address over its failures gets no more of them.
      if (cached === undefined && input.client) {
        const failures = await failedAuth.get(input.client);
        if (failures && failures.consumedPoints >= failedAuthLimit) {
          const retryAfter = Math.max(1, Math.ceil(failures.msBeforeNext / 1000));
          rejected.failedAuth++;
          throw new DossierError(
            'rate_limited',
            `Too many failed authentications from this address; retry in ${retryAfter} s.`,
            { retryAfter },
          );
        }
      }
      const record = cached !== undefined ? cached : await cache.get(hash);
      const ended = record ? endedMessage(record, now) : null;
      if (!record || ended) {
        if (input.client) await failedAuth.penalty(input.client, 1);
        throw new DossierError('unauthorized', ended ?? unauthorizedMessage);
      }
      if (!originAllowed(record.origins, input.origin)) {
        throw new DossierError('forbidden', `Origin ${input.origin} is not allowed for this key.`);
      }
      let caller = callers.get(record);
      if (!caller) {
        caller = Object.freeze({
          orgId: record.orgId,
          projectId: record.projectId,
          keyId: record.id,
          scopes: new Set(record.scopes),
          plan: record.plan,
          kind: record.kind,
          origins: record.origins,
          rateLimit: record.rateLimit,
        });
        callers.set(record, caller);
      }
      return caller;
    },

    /** Throws `forbidden` naming the scope when the caller lacks it. */
    requireScope(caller: Caller, scope: Scope) {
      if (!caller.scopes.has(scope)) {
        throw new DossierError(
          'forbidden',
          `This key lacks the \`${scope}\` scope needed for this operation.`,
        );
      }
    },

    /** Counts one request against the organization's plan and the key's own cap. */
    async limit(caller: AuthedCaller): Promise<LimitOutcome> {
      const planLimit = (config.planLimits ?? planRateLimits)[caller.plan];
      const org = memory
        ? memory.consumeNow(`org:${caller.orgId}`, planLimit)
        : await limiter.consume(`org:${caller.orgId}`, planLimit);
      if (!org.allowed) rejected.plan++;
      if (!org.allowed || caller.rateLimit == null) return outcome(org, 'plan');
      const key = memory
        ? memory.consumeNow(`key:${caller.keyId}`, caller.rateLimit)
        : await limiter.consume(`key:${caller.keyId}`, caller.rateLimit);
      if (!key.allowed) rejected.key++;
      return key.allowed && key.remaining >= org.remaining ? outcome(org, 'plan') : outcome(key, 'key');
    },

    /** Response headers for a rate-limit outcome, in this instance's window. */
    headers: (state: RateState) => rateLimitHeaders(state, Date.now(), windowSeconds),

    meter,
    /** Per-request log for the console (time, key, operation, status, latency), batched like `meter`. */
    requests,
    keys: {
      ...store,
      async roll(orgId: string, keyId: string, grace: Grace) {
        const result = await store.roll(orgId, keyId, grace);
        await changed(result.old.hash);
        return {
          key: result.key,
          summary: result.summary,
          old: { id: result.old.id, works_until: result.old.works_until },
        };
      },
      async revoke(orgId: string, keyId: string) {
        const result = await store.revoke(orgId, keyId);
        await changed(result.hash);
        return { id: result.id };
      },
      create: (input: NewKeyInput) => store.create(input),
    },
    metrics: () => ({
      key_cache_hits: cache.stats.hits,
      key_cache_misses: cache.stats.misses,
      rate_limiter_fallbacks: limiter.fallbacks,
      usage_pending: meter.pending(),
      rate_limited_plan: rejected.plan,
      rate_limited_key: rejected.key,
      rate_limited_failed_auth: rejected.failedAuth,
      request_log_pending: requests.pending(),
      request_log_dropped: requests.dropped(),
    }),
    async close() {
      await meter.close();
      await requests.close();
      await events?.close();
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
