import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createSignInLimiter } from './signin-limit.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('sign-in limiter', () => {
  it('locks an account after its failures, and a success clears the count', async () => {
    const limiter = createSignInLimiter({ perAccount: 2, perAddress: 100, windowSeconds: 60 });
    await limiter.before('a@x.example', '10.0.0.1');
    await limiter.failed('A@x.example');
    await limiter.before('a@x.example', '10.0.0.2');
    await limiter.succeeded('a@x.example');
    await limiter.failed('a@x.example');
    await limiter.failed('a@x.example');
    await expect(limiter.before('a@x.example', '10.0.0.3')).rejects.toMatchObject({ code: 'rate_limited' });
    await limiter.before('b@x.example', '10.0.0.3');
  });

  it('limits attempts per address across accounts', async () => {
    const limiter = createSignInLimiter({ perAccount: 100, perAddress: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) await limiter.before(`u${i}@x.example`, '10.0.0.9');
    await expect(limiter.before('u9@x.example', '10.0.0.9')).rejects.toMatchObject({ code: 'rate_limited' });
    await limiter.before('u9@x.example', '10.0.0.10');
  });

  it('fails closed when the shared store is unreachable', async () => {
    const redis = new Redis({
      host: '127.0.0.1',
      port: await closedPort(),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    redis.on('error', () => {});
    try {
      const limiter = createSignInLimiter({ perAccount: 5, perAddress: 5, windowSeconds: 60 }, redis, 'test');
      await expect(limiter.before('a@x.example', '10.0.0.1')).rejects.toMatchObject({ code: 'unavailable' });
    } finally {
      redis.disconnect();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('shares counts through Redis across instances', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string, { maxRetriesPerRequest: 1 });
    await new Promise((resolve) => redis.once('ready', resolve));
    const prefix = `test-signin-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    try {
      const limits = { perAccount: 2, perAddress: 100, windowSeconds: 60 };
      const one = createSignInLimiter(limits, redis, prefix);
      const two = createSignInLimiter(limits, redis, prefix);
      await one.failed('r@x.example');
      await two.failed('r@x.example');
      await expect(one.before('r@x.example', '10.0.0.1')).rejects.toMatchObject({ code: 'rate_limited' });
      await two.succeeded('r@x.example');
      await one.before('r@x.example', '10.0.0.1');
    } finally {
      redis.disconnect();
    }
  });
});
