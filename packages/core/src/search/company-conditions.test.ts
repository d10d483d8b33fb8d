import { describe, expect, it } from 'vitest';
import { employeeBuckets } from './company-conditions.js';

describe('employeeBuckets', () => {
  it('lists the size buckets a count range touches, exact when it cuts none', () => {
    expect(employeeBuckets({ min: 51, max: 200 })).toEqual({ buckets: ['51-200'], exact: true });
    expect(employeeBuckets({ min: 200, max: 2000 })).toEqual({
      buckets: ['51-200', '201-500', '501-1000', '1001-5000'],
      exact: false,
    });
    expect(employeeBuckets({ min: 1001 })).toEqual({
      buckets: ['1001-5000', '5001-10000', '10001+'],
      exact: true,
    });
    expect(employeeBuckets({ min: 51, max: 500 })).toEqual({ buckets: ['51-200', '201-500'], exact: true });
    expect(employeeBuckets({ min: 10001, max: 10001 })).toEqual({ buckets: ['10001+'], exact: false });
  });

  it('gives none when a count without a bucket could match or a common small bucket is touched', () => {
    const none = { buckets: [], exact: false };
    expect(employeeBuckets({ min: 50, max: 200 })).toEqual(none);
    expect(employeeBuckets({ min: 1, max: 50 })).toEqual(none);
    expect(employeeBuckets({ max: 50 })).toEqual(none);
    expect(employeeBuckets({ min: 0, max: 50 })).toEqual(none);
    expect(employeeBuckets({ min: 1 })).toEqual(none);
    expect(employeeBuckets({ min: 1, max: 1_000_000 })).toEqual(none);
  });
});
