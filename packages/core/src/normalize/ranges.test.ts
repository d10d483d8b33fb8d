import { describe, expect, it } from 'vitest';
import { moneyRange, parseHeadcount } from './ranges.js';

describe('ranges', () => {
  it('reads revenue amounts and ranges as exports write them', () => {
    expect(moneyRange('$10M-$50M')).toBe('$10M-$50M');
    expect(moneyRange('$10M - $50M')).toBe('$10M-$50M');
    expect(moneyRange('10,000,000 to 50,000,000')).toBe('$10M-$50M');
    expect(moneyRange('$1 mil. - $10 mil.')).toBe('$1M-$10M');
    expect(moneyRange('$1-10M')).toBe('$1M-$10M');
    expect(moneyRange('250000000')).toBe('$250M');
    expect(moneyRange('$1B+')).toBe('$1B+');
    expect(moneyRange('€5 Mio.')).toBe('€5M');
    expect(moneyRange('1500000', 1000)).toBe('$1.5B');
    expect(moneyRange('lots')).toBeUndefined();
    expect(moneyRange('$50M-$10M')).toBeUndefined();
  });

  it('keeps a headcount bucket as a range and a number as a count', () => {
    expect(parseHeadcount('51-200')).toEqual({ range: '51-200' });
    expect(parseHeadcount('20 - 49')).toEqual({ range: '20-49' });
    expect(parseHeadcount('10,001+')).toEqual({ range: '10001+' });
    expect(parseHeadcount('1,200')).toEqual({ count: 1200 });
    expect(parseHeadcount('lots')).toBeNull();
  });
});
