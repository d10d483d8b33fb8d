import { describe, expect, it } from 'vitest';
import { applyPattern, learnPatterns, patternConfidence } from './email-pattern.js';

describe('email patterns', () => {
  it('applies patterns to folded names', () => {
    expect(applyPattern('first.last', 'José', "O'Neil")).toBe('jose.oneil');
    expect(applyPattern('flast', 'John', 'Smith')).toBe('jsmith');
    expect(applyPattern('first', 'Ann', null)).toBe('ann');
    expect(applyPattern('flast', 'Ann', null)).toBeNull();
  });

  it('learns the dominant pattern and its confidence grows with support', () => {
    const known = [
      { email: 'jsmith@acme.test', first: 'John', last: 'Smith' },
      { email: 'mbrown@acme.test', first: 'Mary', last: 'Brown' },
      { email: 'kchen@acme.test', first: 'Kim', last: 'Chen' },
      { email: 'jsmith2@acme.test', first: 'John', last: 'Smith' },
      { email: 'info@acme.test', first: null, last: null },
    ];
    const [best, ...rest] = learnPatterns(known);
    expect(best).toEqual({ pattern: 'flast', matches: 3, sample: 4 });
    expect(rest).toEqual([]);
    const few = patternConfidence({ pattern: 'flast', matches: 1, sample: 1 });
    const many = patternConfidence({ pattern: 'flast', matches: 30, sample: 30 });
    expect(few).toBeLessThan(many);
    expect(many).toBeLessThanOrEqual(0.8);
  });
});
