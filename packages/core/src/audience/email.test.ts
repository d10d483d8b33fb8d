import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email.js';

const GOOGLE = new Set(['gmail.com', 'googlemail.com']);

describe('normalizeEmail', () => {
  it('trims, removes inner whitespace and lower-cases', () => {
    expect(normalizeEmail('  ALEXZ@Example.COM \t')).toBe('alexz@example.com');
    expect(normalizeEmail('alex z@example.com')).toBe('alexz@example.com');
  });

  it('keeps dots and plus tags when the network has no gmail rule', () => {
    expect(normalizeEmail('Jane.Doe+News@gmail.com')).toBe('jane.doe+news@gmail.com');
    expect(normalizeEmail('John_Smith@gmail.com')).toBe('john_smith@gmail.com');
  });

  it('applies the gmail rule only to the listed domains', () => {
    expect(normalizeEmail('Cloudy.SanFrancisco+shopping@gmail.com', { gmailDomains: GOOGLE })).toBe(
      'cloudysanfrancisco@gmail.com',
    );
    expect(normalizeEmail('j.e.f..ferson.Loves.hiking@googlemail.com', { gmailDomains: GOOGLE })).toBe(
      'jeffersonloveshiking@googlemail.com',
    );
    expect(normalizeEmail('user.name+NYC@Example.com', { gmailDomains: GOOGLE })).toBe(
      'user.name+nyc@example.com',
    );
    expect(normalizeEmail('jane.doe+x@googlemail.com', { gmailDomains: new Set(['gmail.com']) })).toBe(
      'jane.doe+x@googlemail.com',
    );
  });

  it('keeps Unicode addresses in NFC', () => {
    expect(normalizeEmail('JOSE\u0301@Example.com')).toBe('jos\u00e9@example.com');
  });

  it('refuses what is not an address', () => {
    for (const bad of [
      'quinn',
      '@example.com',
      'quinn@',
      'a@b@example.com',
      'a@localhost',
      'a@exa mple',
      'a"b@x.com',
    ]) {
      expect(normalizeEmail(bad), bad).toHaveProperty('invalid');
    }
    expect(normalizeEmail('+tag@gmail.com', { gmailDomains: GOOGLE })).toHaveProperty('invalid');
  });
});
