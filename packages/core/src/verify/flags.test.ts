import { describe, expect, it } from 'vitest';
import { isDisposableDomain, isFreeDomain, isRoleAccount } from './flags.js';
import { editDistance, suggestAddress } from './typo.js';

describe('flags', () => {
  it('spots role accounts, ignoring case and +tags', () => {
    expect(isRoleAccount('info')).toBe(true);
    expect(isRoleAccount('Sales+eu')).toBe(true);
    expect(isRoleAccount('jane.doe')).toBe(false);
  });

  it('uses the maintained disposable list, subdomains included', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('eu.mailinator.com')).toBe(true);
    expect(isDisposableDomain('acme.com')).toBe(false);
  });

  it('knows free mail providers', () => {
    expect(isFreeDomain('gmail.com')).toBe(true);
    expect(isFreeDomain('acme.com')).toBe(false);
  });
});

describe('suggestAddress', () => {
  it('fixes common domain typos', () => {
    expect(suggestAddress('jane', 'gmial.com')).toBe('jane@gmail.com');
    expect(suggestAddress('jane', 'hotmial.com')).toBe('jane@hotmail.com');
    expect(suggestAddress('jane', 'yaho.com')).toBe('jane@yahoo.com');
    expect(suggestAddress('jane', 'gmail.con')).toBe('jane@gmail.com');
    expect(suggestAddress('jane', 'acme.con')).toBe('jane@acme.com');
  });

  it('never suggests the input itself or for unrelated domains', () => {
    expect(suggestAddress('jane', 'gmail.com')).toBeNull();
    expect(suggestAddress('jane', 'acme.com')).toBeNull();
    expect(suggestAddress('jane', 'gmx.de')).toBeNull();
    expect(suggestAddress('jane', 'mail.ru')).toBeNull();
    for (const domain of ['gmial.com', 'outlok.com', 'icloud.co', 'acme.cmo', 'me.co']) {
      expect(suggestAddress('x', domain)).not.toBe(`x@${domain}`);
    }
  });

  it('counts adjacent swaps as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'ab')).toBe(2);
  });
});
