import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['+44 20 7946 0958', undefined, '+442079460958', 'GB'],
    ['020 7946 0958', 'GB', '+442079460958', 'GB'],
    ['07700 900123', 'UK', '+447700900123', 'GB'],
    ['030 1234567', 'DE', '+49301234567', 'DE'],
    ['+49 (0)89 1234567', undefined, '+49891234567', 'DE'],
    ['0151 23456789', 'de', '+4915123456789', 'DE'],
    ['01 42 68 53 00', 'FR', '+33142685300', 'FR'],
    ['0033 1 42 68 53 00', undefined, '+33142685300', 'FR'],
    ['06 12 34 56 78', 'FR', '+33612345678', 'FR'],
    ['098765 43210', 'IN', '+919876543210', 'IN'],
    ['+91 22 2345 6789', undefined, '+912223456789', 'IN'],
    ['(11) 91234-5678', 'BR', '+5511912345678', 'BR'],
    ['+55 21 2345-6789', undefined, '+552123456789', 'BR'],
    ['03-1234-5678', 'JP', '+81312345678', 'JP'],
    ['090-1234-5678', 'JP', '+819012345678', 'JP'],
    ['(512) 500-4634', 'US', '+15125004634', 'US'],
    ['1-312-250-1851', 'US', '+13122501851', 'US'],
    ['011 44 20 7946 0958', 'US', '+442079460958', 'GB'],
    ['+1 415 555 2671 ext. 12', undefined, '+14155552671', 'US'],
  ])('%s (%s) -> %s', (raw, country, e164, region) => {
    const result = normalizePhone(raw, country);
    expect(result?.e164).toBe(e164);
    expect(result?.country).toBe(region);
  });
  it('reports the line type', () => {
    expect(normalizePhone('090-1234-5678', 'JP')?.type).toBe('MOBILE');
    expect(normalizePhone('030 1234567', 'DE')?.type).toBe('FIXED_LINE');
    expect(normalizePhone('030 1234567', 'DE')?.valid).toBe(true);
  });
  it('needs a region for national numbers', () => {
    expect(normalizePhone('030 1234567')).toBeNull();
  });
  it('rejects text that is not a phone number', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('n/a')).toBeNull();
    expect(normalizePhone('12', 'US')).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
  it('ignores an unknown country', () => {
    expect(normalizePhone('+44 20 7946 0958', 'Narnia')?.e164).toBe('+442079460958');
  });
});
