import { describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT, SAMPLE_FACTOR, sampleSurelyOver } from './total.js';

describe('sampleSurelyOver', () => {
  it('trusts a 1-in-62 sample only four standard deviations past 10,000', () => {
    expect(sampleSurelyOver(0)).toBe(false);
    // 170 found is an estimate of 10,540: too close to call, so the rows are counted.
    expect(SAMPLE_FACTOR * 170).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(sampleSurelyOver(170)).toBe(false);
    expect(sampleSurelyOver(220)).toBe(false);
    expect(sampleSurelyOver(221)).toBe(true);
    expect(sampleSurelyOver(2000)).toBe(true);
  });
});
