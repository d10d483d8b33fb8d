import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './errors.js';
import { parseRateLimit } from './rate-limit.js';

describe('parseRateLimit', () => {
  it('reads the X-RateLimit trio', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-RateLimit-Reset': '1800000000',
    });
    expect(parseRateLimit(headers)).toEqual({ limit: 60, remaining: 59, reset: 1800000000 });
  });

  it('falls back to the IETF RateLimit and RateLimit-Policy fields', () => {
    const headers = new Headers({
      'RateLimit-Policy': '"default";q=100;w=60',
      RateLimit: '"default";r=7;t=30',
    });
    expect(parseRateLimit(headers, 1_000_000_000_000)).toEqual({
      limit: 100,
      remaining: 7,
      reset: 1_000_000_030,
    });
  });

  it('is undefined without the headers', () => {
    expect(parseRateLimit(new Headers())).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(1_000_030_000).toUTCString(), 1_000_000_000)).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
