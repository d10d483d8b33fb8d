import { describe, expect, it } from 'vitest';
import { normalizeGender, normalizeIdentityNumber, parseBirthDate } from './birth-date.js';

const now = new Date('2026-01-15T00:00:00Z');

describe('parseBirthDate', () => {
  it('reads ISO, compact, numeric and month-name forms', () => {
    for (const text of [
      '1956-04-09',
      '19560409',
      '1956/4/9',
      '9.4.1956',
      '09/04/1956',
      '9 April 1956',
      'Apr 9, 1956',
      '9th Apr 1956',
      '1956-04-09T00:00:00Z',
    ])
      expect(parseBirthDate(text, { now }), text).toBe('1956-04-09');
  });

  it('reads numeric dates day first unless the day cannot be a month or the country writes month first', () => {
    expect(parseBirthDate('04/09/1956', { now })).toBe('1956-09-04');
    expect(parseBirthDate('04/09/1956', { now, country: 'US' })).toBe('1956-04-09');
    expect(parseBirthDate('04/13/1956', { now })).toBe('1956-04-13');
    expect(parseBirthDate('13/04/56', { now })).toBe('1956-04-13');
    expect(parseBirthDate('13/04/05', { now })).toBe('2005-04-13');
  });

  it('keeps partial dates partial', () => {
    expect(parseBirthDate('1956-04', { now })).toBe('1956-04');
    expect(parseBirthDate('April 1956', { now })).toBe('1956-04');
    expect(parseBirthDate('1956', { now })).toBe('1956');
  });

  it('refuses what is not a date of birth', () => {
    for (const text of [
      '1956-02-30',
      '1956-13-01',
      '31/31/1956',
      'yesterday',
      '12345',
      '1776-07-04',
      '2030-01-01',
      'April',
    ])
      expect(parseBirthDate(text, { now }), text).toBeNull();
    expect(parseBirthDate('', { now })).toBeNull();
  });
});

describe('normalizeGender and normalizeIdentityNumber', () => {
  it('folds the usual spellings and drops punctuation', () => {
    expect(normalizeGender('F')).toBe('female');
    expect(normalizeGender('Male')).toBe('male');
    expect(normalizeGender('non-binary')).toBe('other');
    expect(normalizeGender('unknown')).toBeNull();
    expect(normalizeIdentityNumber('123-45-6789')).toBe('123456789');
    expect(normalizeIdentityNumber(' x12 ')).toBeNull();
  });
});
