import { describe, expect, it } from 'vitest';
import { parseAddress } from './syntax.js';

const ok = (raw: string) => {
  const parsed = parseAddress(raw);
  if (!parsed.ok) throw new Error(`expected ${raw} to parse, got ${parsed.error}`);
  return parsed.value;
};
const error = (raw: string) => {
  const parsed = parseAddress(raw);
  return parsed.ok ? null : parsed.error;
};

describe('parseAddress', () => {
  it('trims and lower-cases the domain, keeping the local part as given', () => {
    expect(ok('  John.Doe@Example.COM \n')).toEqual({
      email: 'John.Doe@example.com',
      local: 'John.Doe',
      domain: 'example.com',
    });
  });

  it('rejects CR, LF and other control characters inside the address', () => {
    expect(error('a@b.com\r\nRCPT TO:<x@y.com>')).toBe('control_characters');
    expect(error('a\x00b@example.com')).toBe('control_characters');
    expect(error('a\tb@example.com')).toBe('control_characters');
  });

  it('accepts RFC 5321 quoted local parts, with quoted pairs and @ inside', () => {
    expect(ok('"john doe"@example.com').local).toBe('"john doe"');
    expect(ok('"a@b"@example.com').domain).toBe('example.com');
    expect(ok('"quote\\"inside"@example.com').local).toBe('"quote\\"inside"');
    expect(error('"unterminated@example.com')).toBe('syntax');
    expect(error('"bad"quote"@example.com')).toBe('syntax');
  });

  it('rejects dot-string mistakes', () => {
    expect(error('.john@example.com')).toBe('syntax');
    expect(error('john.@example.com')).toBe('syntax');
    expect(error('jo..hn@example.com')).toBe('syntax');
    expect(error('john doe@example.com')).toBe('syntax');
    expect(error('john@')).toBe('syntax');
    expect(error('@example.com')).toBe('syntax');
    expect(error('plainaddress')).toBe('syntax');
    expect(error('')).toBe('empty');
  });

  it('enforces lengths: 64 octets of local part, 254 in all', () => {
    expect(error(`${'a'.repeat(65)}@example.com`)).toBe('too_long');
    expect(ok(`${'a'.repeat(64)}@example.com`).local).toHaveLength(64);
    const longDomain = `${Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.')}.com`;
    expect(error(`${'a'.repeat(10)}@${longDomain}`)).toBe('too_long');
  });

  it('converts internationalized domains to punycode', () => {
    expect(ok('user@bücher.de').domain).toBe('xn--bcher-kva.de');
    expect(ok('user@例え.jp').email).toBe('user@xn--r8jz45g.jp');
  });

  it('refuses bad domains and address literals', () => {
    expect(error('a@localhost')).toBe('domain');
    expect(error('a@-bad.com')).toBe('domain');
    expect(error('a@exa_mple.com')).toBe('domain');
    expect(error('a@[192.168.0.1]')).toBe('domain');
    expect(error('a@1.2.3.4')).toBe('domain');
  });

  it('accepts non-ASCII local parts (RFC 6531), in NFC, counting octets; refuses invisible ones', () => {
    expect(ok('josé@example.com')).toEqual({
      email: 'josé@example.com',
      local: 'josé',
      domain: 'example.com',
    });
    // "e" + combining acute is the same mailbox as "é".
    expect(ok('jose\u0301@example.com').local).toBe('josé');
    expect(ok('用户@例子.广告').email).toBe('用户@xn--fsqu00a.xn--4rr70v');
    expect(ok('Pelé.Jr@example.com').local).toBe('Pelé.Jr');
    expect(error('a\u00a0b@example.com')).toBe('syntax');
    expect(error('a\u200bb@example.com')).toBe('syntax');
    // 22 three-octet characters: 66 octets, over the 64 of RFC 5321.
    expect(error(`${'用'.repeat(22)}@example.com`)).toBe('too_long');
    expect(ok(`${'用'.repeat(21)}@example.com`).local).toHaveLength(21);
  });
});
