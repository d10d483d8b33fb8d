import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone.js';

const e164 = (raw: string, country?: string) => {
  const parsed = parsePhone(raw, country);
  return 'invalid' in parsed ? parsed.invalid : parsed.e164;
};

describe('parsePhone', () => {
  it('reads national numbers in the contact country', () => {
    expect(e164('(650) 555-1212', 'US')).toBe('+16505551212');
    expect(e164('030 123456', 'DE')).toBe('+4930123456');
    expect(e164('020 7183 8750', 'GB')).toBe('+442071838750');
    expect(e164('(02) 1234 5678', 'AU')).toBe('+61212345678');
    expect(e164('06 12 34 56 78', 'fr')).toBe('+33612345678');
  });

  it('reads international forms whatever the contact country', () => {
    expect(e164('+44 844 412 4653', 'US')).toBe('+448444124653');
    expect(e164('0044 844 412 4653')).toBe('+448444124653');
    expect(e164('011 44 844 412 4653', 'US')).toBe('+448444124653');
    expect(e164('+81 3-1234-5678')).toBe('+81312345678');
    expect(e164('+55 11 98765-4321')).toBe('+5511987654321');
  });

  it('takes digits with a country code when the region does not fit, like Google does', () => {
    expect(e164('441134960987', 'US')).toBe('+441134960987');
    expect(e164('1-800-555-0100')).toBe('+18005550100');
    expect(e164('374-93-828222')).toBe('+37493828222');
  });

  it('drops extensions', () => {
    expect(e164('+1 650 555 1212 ext. 42')).toBe('+16505551212');
  });

  it('keeps possible numbers in example ranges', () => {
    expect(e164('+1 (555) 123-4567')).toBe('+15551234567');
  });

  it('refuses what cannot be a phone number', () => {
    for (const bad of ['abc', '12', '+', '123-45', '+999 1234 5678 9999 99']) {
      expect(parsePhone(bad, 'US'), bad).toHaveProperty('invalid');
    }
  });
});
