import { describe, expect, it } from 'vitest';
import { accountScore, baselineOf, expectedVolume, SURGE, SURGING, surgeScore } from './score.js';

const surge = (value: number, weeks: number[], prior: number | null = null) =>
  surgeScore({ value, ...baselineOf(weeks), periods: SURGE.periods, prior, priorWeight: 2, stabilizer: 8 });

describe('surge score', () => {
  it('keeps a steady company near 50', () => {
    const steady = [10, 9, 11, 10, 10, 12, 8, 10, 11, 9, 10, 10];
    expect(surge(10, steady, 10)).toBeCloseTo(50, 0);
    // A normal wobble stays below the surging line.
    expect(surge(12, steady, 10)).toBeLessThan(SURGING);
    expect(surge(8, steady, 10)).toBeGreaterThan(40);
  });

  it('puts a genuine jump well above 60', () => {
    const steady = [10, 9, 11, 10, 10, 12, 8, 10, 11, 9, 10, 10];
    // Hand check: expected (120 + 2*10)/14 = 10, variance 10 + 1*12/14 + 8 = 18.86, z = 20/4.34 = 4.6,
    // score = 100/(1+e^(-0.25*4.6)) = 76.0.
    expect(surge(30, steady, 10)).toBeCloseTo(76.0, 0);
    expect(surge(30, steady, 10)).toBeGreaterThan(SURGING);
  });

  it('does not call a single stray event a surge', () => {
    const none = new Array(12).fill(0);
    // Hand check: expected 2*1/14 = 0.14, z = 0.86/sqrt(8.14) = 0.30, score 100/(1+e^(-0.075)) = 51.9.
    expect(surge(1, none, 1)).toBeCloseTo(51.9, 0);
    expect(surge(1, none, null)).toBeLessThan(SURGING);
    expect(surge(2, none, 1)).toBeLessThan(SURGING);
    // Real new interest does cross the line.
    expect(surge(8, none, 1)).toBeGreaterThan(SURGING);
  });

  it('shrinks a thin baseline toward the topic', () => {
    const oneWeek = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6];
    expect(expectedVolume({ ...baselineOf(oneWeek), periods: 12, prior: 4, priorWeight: 2 })).toBeCloseTo(
      1,
      5,
    );
    expect(expectedVolume({ ...baselineOf(oneWeek), periods: 12, prior: null, priorWeight: 2 })).toBeCloseTo(
      0.5,
      5,
    );
  });

  it('tolerates a noisy baseline more than a quiet one', () => {
    const quiet = new Array(12).fill(5);
    const noisy = [0, 10, 0, 10, 0, 10, 0, 10, 0, 10, 0, 10];
    expect(surge(12, noisy, 5)).toBeLessThan(surge(12, quiet, 5));
  });

  it('stays within 0..100 for extreme values', () => {
    expect(surge(1e6, new Array(12).fill(0), 0)).toBeLessThanOrEqual(100);
    expect(surge(0, new Array(12).fill(1e6), 1e6)).toBeGreaterThanOrEqual(0);
  });
});

describe('account score', () => {
  it('names a single surging topic as the account score and rewards breadth', () => {
    expect(accountScore([70, 45])).toBeCloseTo(70, 5);
    expect(accountScore([70, 70])).toBeCloseTo(82, 5);
    expect(accountScore([40, 30])).toBe(40);
    expect(accountScore([])).toBe(50);
  });
});
