import { describe, expect, it } from 'vitest';
import { DossierError } from '../errors.js';
import { emailMatchKey, normalizeEmail, parseEmail, requireEmail } from './email.js';
import { isFreeMailDomain } from './free-mail.js';

describe('normalizeEmail', () => {
  it('trims, lower-cases and strips mailto and display names', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(normalizeEmail('mailto:Jane@Example.com')).toBe('jane@example.com');
    expect(normalizeEmail('Jane Doe <JANE@example.com>')).toBe('jane@example.com');
  });
  it('converts IDN domains to punycode', () => {
    expect(normalizeEmail('user@Bücher.de')).toBe('user@xn--bcher-kva.de');
    expect(normalizeEmail('info@müller.example')).toBe('info@xn--mller-kva.example');
  });
  it('accepts internationalized local parts', () => {
    expect(normalizeEmail('AMüller@Example.com')).toBe('amüller@example.com');
  });
  it('keeps sub-address tags in the stored form', () => {
    expect(normalizeEmail('jane+news@example.com')).toBe('jane+news@example.com');
  });
  it('rejects invalid addresses', () => {
    for (const bad of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@@b.com',
      'a b@example.com',
      'a@example',
      'a..b@x.com',
      'a@-x.com',
    ])
      expect(normalizeEmail(bad)).toBeNull();
    expect(normalizeEmail(null)).toBeNull();
    expect(() => requireEmail('nope')).toThrow(DossierError);
  });
  it('flags free-mail domains', () => {
    expect(parseEmail('x@GMAIL.com')?.isFreeMail).toBe(true);
    expect(parseEmail('x@acme.com')?.isFreeMail).toBe(false);
  });
});

describe('emailMatchKey', () => {
  it('removes sub-address tags', () => {
    expect(emailMatchKey('Jane+Promo@Example.com')).toBe('jane@example.com');
    expect(emailMatchKey('jane@example.com')).toBe('jane@example.com');
  });
  it('ignores dots in Gmail and folds googlemail', () => {
    expect(emailMatchKey('J.Doe+x@googlemail.com')).toBe(emailMatchKey('jdoe@gmail.com'));
    expect(emailMatchKey('j.doe@acme.com')).not.toBe(emailMatchKey('jdoe@acme.com'));
  });
  it('is null for invalid input', () => {
    expect(emailMatchKey('not an email')).toBeNull();
  });
});

describe('isFreeMailDomain', () => {
  it('knows common providers', () => {
    for (const d of [
      'gmail.com',
      'yahoo.com',
      'outlook.com',
      'hotmail.co.uk',
      'icloud.com',
      'aol.com',
      'gmx.de',
      'web.de',
      'proton.me',
      'protonmail.com',
      'yandex.ru',
      'mail.ru',
      'qq.com',
      '163.com',
    ])
      expect(isFreeMailDomain(d), d).toBe(true);
  });
  it('does not flag company domains', () => {
    expect(isFreeMailDomain('acme.com')).toBe(false);
    expect(isFreeMailDomain('gmail.acme.com')).toBe(false);
    expect(isFreeMailDomain('GMAIL.COM.')).toBe(true);
  });
});

describe('hasPublicSuffix', () => {
  it('accepts real suffixes and the reserved example names, refuses a cut-off domain', async () => {
    const { hasPublicSuffix } = await import('./email.js');
    expect(hasPublicSuffix('acme.co.uk')).toBe(true);
    expect(hasPublicSuffix('humongous.example')).toBe(true);
    expect(hasPublicSuffix('humongous.exa')).toBe(false);
    expect(hasPublicSuffix('acme.comm')).toBe(false);
  });
});
