import { describe, expect, it } from 'vitest';
import { createResolver } from './resolver.js';
import { resolverOptionsFromSettings } from './settings.js';

describe('resolver settings', () => {
  it('reads thresholds, blocking rules on fields, a match threshold and fixed m/u', () => {
    const options = resolverOptionsFromSettings({
      threshold: 0.9,
      comparisons: { nameHigh: 0.95 },
      blocking: [{ name: 'email' }, { name: 'dob_zip', fields: ['dob', 'postcode'], cap: 5 }],
      m: { gender: [0.99, 0.01] },
      u: { gender: [0.5, 0.5] },
      matchesPerRecord: 2,
    });
    expect(options.threshold).toBe(0.9);
    expect(options.thresholds?.nameHigh).toBe(0.95);
    expect(options.blockingPasses?.map((p) => p.name)).toEqual(['email', 'dob_zip']);
    const resolver = createResolver({ ...options, train: false });
    resolver.addBatch([
      { recordId: 'a', firstName: 'Ann', dob: '1990-01-02', postcode: '2000', gender: 'f' },
      { recordId: 'b', firstName: 'Anne', dob: '02/01/1990', postcode: '2000', gender: 'F' },
      { recordId: 'c', firstName: 'Zed', dob: '1990-01-02', postcode: '3000' },
    ]);
    expect(resolver.stats().pairsByPass).toEqual({ email: 0, dob_zip: 1 });
    expect(resolver.model().m[13]).toEqual([0.99, 0.01]);
    const explained = resolver.explainPair('a', 'b');
    expect(explained?.comparisons.find((c) => c.comparison === 'gender')).toEqual({
      comparison: 'gender',
      level: 'exact',
      weight: Math.log2(0.99 / 0.5),
    });
  });

  it('names the field that is wrong', () => {
    expect(() => resolverOptionsFromSettings({ threshold: 2 })).toThrow(/threshold/);
    expect(() => resolverOptionsFromSettings({ blocking: [{ name: 'nope' }] })).toThrow(/blocking\.0\.name/);
    expect(() => resolverOptionsFromSettings({ blocking: [{ name: 'x', fields: ['shoe_size'] }] })).toThrow(
      /shoe_size/,
    );
    expect(() => resolverOptionsFromSettings({ m: { dob: [0.5, 0.5] } })).toThrow(/m\.dob: needs 6 values/);
    expect(() => resolverOptionsFromSettings({ colour: 'red' })).toThrow(/colour/);
  });
});
