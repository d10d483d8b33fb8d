import { describe, expect, it } from 'vitest';
import { createMemoryLimiter, peekRate, rateLimitHeaders, retryAfterSeconds } from './rate-limit.js';

describe('the in-process limiter', () => {
  it('admits exactly the limit in a window, then refuses with the time left', () => {
    const limiter = createMemoryLimiter('t1', 60);
    const start = 1_000_000;
    const states = Array.from({ length: 11 }, (_, i) => limiter.consumeNow('org:a', 10, start + i));
    expect(states.slice(0, 10).every((s) => s.allowed)).toBe(true);
    expect(states.map((s) => s.remaining).slice(0, 10)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const refused = states[10];
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 10 });
    expect(refused?.resetMs).toBe(60_000 - 10);
    expect(retryAfterSeconds(refused as never)).toBe(60);
  });

  it('starts a new window once the old one ends, and counts keys and limits apart', () => {
    const limiter = createMemoryLimiter('t2', 60);
    const start = 2_000_000;
    for (let i = 0; i < 3; i++) limiter.consumeNow('org:a', 3, start);
    expect(limiter.consumeNow('org:a', 3, start + 59_999).allowed).toBe(false);
    expect(limiter.consumeNow('org:b', 3, start).allowed).toBe(true);
    expect(limiter.consumeNow('org:a', 30, start).remaining).toBe(29);
    expect(limiter.consumeNow('org:a', 3, start + 60_000)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('answers the promise interface the same way, and reports the current count', async () => {
    const limiter = createMemoryLimiter('t3', 60);
    await limiter.consume('org:peek', 5);
    await limiter.consume('org:peek', 5);
    expect(await limiter.peek?.('org:peek', 5)).toBe(2);
    expect(await peekRate('org:peek', 5)).toBeGreaterThanOrEqual(2);
  });

  it('writes the IETF and X-RateLimit headers, with Retry-After only when refused', () => {
    const ok = rateLimitHeaders({ allowed: true, limit: 10, remaining: 4, resetMs: 1500 }, 0, 60);
    expect(ok).toEqual({
      'RateLimit-Policy': '"default";q=10;w=60',
      RateLimit: '"default";r=4;t=2',
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '4',
      'X-RateLimit-Reset': '2',
    });
    const refused = rateLimitHeaders({ allowed: false, limit: 10, remaining: 0, resetMs: 200 }, 0, 60);
    expect(refused['Retry-After']).toBe('1');
  });
});
