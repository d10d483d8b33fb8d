import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.js';

describe('masking', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('jane.doe@northwind.example')).toBe('j***@northwind.example');
    expect(maskEmail('not-an-email')).toBe('***');
  });
  it('keeps the country, area code and last two digits of a phone', () => {
    expect(maskPhone('+14155550112')).toBe('+1 415 ***-**12');
    expect(maskPhone('+442079460123')).toBe('+44 ********23');
    expect(maskPhone('+12')).toBe('+***');
  });
});
