import { describe, expect, it } from 'vitest';
import { normalized, sha256Hex } from '../../testing/audience-helpers.js';
import { hashContact } from './hash-contact.js';

describe('meta', () => {
  it('has no gmail rule', () => {
    expect(normalized('meta', 'email', ' John.Smith+Promo@GMAIL.com ')).toBe('john.smith+promo@gmail.com');
  });

  it('sends phones as digits with the country code, without plus, 00 or trunk 0', () => {
    expect(normalized('meta', 'phone', '(650)555-1212', 'US')).toBe('16505551212');
    expect(normalized('meta', 'phone', '+44 844 412 4653')).toBe('448444124653');
    expect(normalized('meta', 'phone', '0044 844 412 4653')).toBe('448444124653');
    expect(normalized('meta', 'phone', '020 7183 8750', 'GB')).toBe('442071838750');
    expect(normalized('meta', 'phone', '090-1234-5678', 'JP')).toBe('819012345678');
    expect(normalized('meta', 'phone', 'call me')).toMatch(/^invalid/);
  });

  it('lower-cases names in NFC without punctuation', () => {
    expect(normalized('meta', 'first_name', 'Mary')).toBe('mary');
    expect(normalized('meta', 'first_name', 'JOSE\u0301')).toBe('jos\u00e9');
    expect(normalized('meta', 'first_name', 'José')).toBe('jos\u00e9');
    expect(normalized('meta', 'last_name', "O'Brien-Smith")).toBe('obriensmith');
    expect(normalized('meta', 'last_name', 'Ørsted')).toBe('ørsted');
    expect(normalized('meta', 'first_name', '山田')).toBe('山田');
    expect(normalized('meta', 'first_name', '...')).toMatch(/^invalid/);
  });

  it('formats city, state, zip, country, birth date and gender as Meta asks', () => {
    expect(normalized('meta', 'city', 'Menlo Park')).toBe('menlopark');
    expect(normalized('meta', 'city', 'São Paulo')).toBe('sãopaulo');
    expect(normalized('meta', 'state', 'California', 'US')).toBe('ca');
    expect(normalized('meta', 'state', ' CA ')).toBe('ca');
    expect(normalized('meta', 'state', 'Nowhere', 'US')).toMatch(/^invalid/);
    expect(normalized('meta', 'state', 'Île-de-France', 'FR')).toBe('îledefrance');
    expect(normalized('meta', 'zip', '94025-1234', 'US')).toBe('94025');
    expect(normalized('meta', 'zip', '94025')).toBe('94025');
    expect(normalized('meta', 'zip', 'M1 1AE', 'GB')).toBe('m11');
    expect(normalized('meta', 'zip', 'SW1A 2AA', 'GB')).toBe('sw1a2');
    expect(normalized('meta', 'zip', 'sw1a 2', 'GB')).toBe('sw1a2');
    expect(normalized('meta', 'zip', '10115', 'DE')).toBe('10115');
    expect(normalized('meta', 'zip', 'K1A 0B1', 'CA')).toBe('k1a0b1');
    expect(normalized('meta', 'zip', 'ABCDE', 'US')).toMatch(/^invalid/);
    expect(normalized('meta', 'country', 'US')).toBe('us');
    expect(normalized('meta', 'country', 'USA')).toMatch(/^invalid/);
    expect(normalized('meta', 'dob', '1990-02-03')).toBe('19900203');
    expect(normalized('meta', 'dob', '1990/2/3')).toBe('19900203');
    expect(normalized('meta', 'dob', '19900203')).toBe('19900203');
    expect(normalized('meta', 'dob', '1990-02-30')).toMatch(/^invalid/);
    expect(normalized('meta', 'dob', '03/02/1990')).toMatch(/^invalid/);
    expect(normalized('meta', 'gender', 'Female')).toBe('f');
    expect(normalized('meta', 'gender', 'M')).toBe('m');
    expect(normalized('meta', 'gender', 'x')).toMatch(/^invalid/);
  });

  it('hashes everything but the mobile advertiser id', () => {
    const result = hashContact('meta', {
      email: 'Jane@Example.com',
      country: 'US',
      external_id: 'ABC-1',
      maid: 'AECE52E7-03EE-455A-B3C4-E57283966239',
    });
    expect(result.identifiers).toEqual({
      em: sha256Hex('jane@example.com'),
      country: sha256Hex('us'),
      external_id: sha256Hex('abc-1'),
      madid: 'aece52e7-03ee-455a-b3c4-e57283966239',
    });
  });
});
