import { describe, expect, it } from 'vitest';
import { isoFromJson } from './json-time.js';

describe('isoFromJson', () => {
  it('answers what Date answers, for UTC text and every other shape', () => {
    for (const text of [
      '2026-11-14T00:00:00+00:00',
      '2026-12-02T00:34:11.112972+00:00',
      '2026-12-02T00:34:11.999999+00:00',
      '2026-12-02T00:34:11.5+00:00',
      '2026-12-02T00:34:11.05+00:00',
      '2026-12-02T00:34:11.123+00:00',
      '0099-12-02T00:34:11+00:00',
      '2026-12-02T01:34:11.112972+01:00',
      '2026-12-01T19:04:11-05:30',
    ])
      expect(isoFromJson(text), text).toBe(new Date(text).toISOString());
  });

  it('cuts fractions to milliseconds and fails on what is no time, as Date does', () => {
    expect(isoFromJson('2026-12-02T00:34:11.9999+00:00')).toBe('2026-12-02T00:34:11.999Z');
    expect(() => isoFromJson('infinity')).toThrow(RangeError);
    expect(() => isoFromJson('12026-12-02T00:34:11+00:00')).toThrow(RangeError);
  });
});
