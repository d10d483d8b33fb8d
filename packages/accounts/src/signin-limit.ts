import { DossierError } from '@dossier/core';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface SignInLimits {
  /** Failed attempts per account per window. */
  perAccount: number;
  /** Attempts (failed or not) per client address per window. */
  perAddress: number;
  windowSeconds: number;
}

export const defaultSignInLimits: SignInLimits = { perAccount: 10, perAddress: 50, windowSeconds: 900 };

const tooMany = (seconds: number) =>
  new DossierError(
    'rate_limited',
    `Too many sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
    { retryAfter: Math.max(1, seconds) },
  );

/** When the counter store fails we refuse sign-ins rather than allow unlimited guessing. */
const storeDown = (cause: unknown) =>
  new DossierError('unavailable', 'Sign-in is temporarily unavailable. Try again shortly.', {
    retryAfter: 30,
    cause,
  });

/**
 * Sign-in throttling per account and per address. With Redis the counts are shared by every
 * instance and a Redis failure blocks sign-in (fail closed); without, they live in this process.
 */
export function createSignInLimiter(limits: SignInLimits, redis?: Redis, prefix = 'dossier') {
  const make = (points: number, name: string) =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points,
          duration: limits.windowSeconds,
          keyPrefix: `${prefix}:signin:${name}`,
          rejectIfRedisNotReady: true,
        })
      : new RateLimiterMemory({ points, duration: limits.windowSeconds, keyPrefix: `signin:${name}` });
  const account = make(limits.perAccount, 'account');
  const address = make(limits.perAddress, 'address');

  const consume = async (limiter: RateLimiterMemory | RateLimiterRedis, key: string) => {
    try {
      await limiter.consume(key, 1);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(Math.ceil(error.msBeforeNext / 1000));
      throw storeDown(error);
    }
  };

  return {
    /** Before checking the password: counts the attempt for the address, refuses a locked account. */
    async before(email: string, ip: string) {
      await consume(address, ip);
      let state: RateLimiterRes | null;
      try {
        state = await account.get(email.toLowerCase());
      } catch (error) {
        throw storeDown(error);
      }
      if (state && state.consumedPoints >= limits.perAccount) {
        throw tooMany(Math.ceil(state.msBeforeNext / 1000));
      }
    },
    /** A wrong password counts against the account. */
    failed: (email: string) =>
      consume(account, email.toLowerCase()).catch((error: unknown) => {
        // The attempt already failed; a lock reached here shows on the next try.
        if (error instanceof DossierError && error.code === 'rate_limited') return;
        throw error;
      }),
    async succeeded(email: string) {
      try {
        await account.delete(email.toLowerCase());
      } catch (error) {
        throw storeDown(error);
      }
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
