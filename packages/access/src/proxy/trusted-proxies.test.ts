import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  parseForwardedAddress,
  parseTrustedProxies,
  TrustedProxiesError,
  trustNone,
} from './trusted-proxies.js';

describe('clientAddress', () => {
  it('ignores X-Forwarded-For by default and from untrusted peers', () => {
    expect(clientAddress('203.0.113.7', '1.2.3.4', trustNone)).toBe('203.0.113.7');
    const trust = parseTrustedProxies('10.0.0.0/8');
    // The peer is not a proxy of ours: whatever it claims is ignored.
    expect(clientAddress('203.0.113.7', '1.2.3.4, 10.0.0.9', trust)).toBe('203.0.113.7');
    expect(clientAddress('203.0.113.7', undefined, trust)).toBe('203.0.113.7');
    expect(clientAddress(null, '1.2.3.4', trust)).toBeNull();
  });

  it('takes the right-most untrusted address behind a chain of trusted proxies', () => {
    const trust = parseTrustedProxies('10.0.0.1, 192.168.0.0/16');
    // The client wrote a fake left-most entry; the real client is what our first proxy saw.
    expect(clientAddress('10.0.0.1', '6.6.6.6, 198.51.100.20, 192.168.4.4', trust)).toBe('198.51.100.20');
    expect(clientAddress('10.0.0.1', '198.51.100.20', trust)).toBe('198.51.100.20');
    // Every hop trusted: the left-most entry is the furthest we can see.
    expect(clientAddress('10.0.0.1', '192.168.1.1, 192.168.2.2', trust)).toBe('192.168.1.1');
    // A malformed entry stops the walk at the last address a trusted proxy vouched for.
    expect(clientAddress('10.0.0.1', 'garbage, 192.168.7.7', trust)).toBe('192.168.7.7');
  });

  it('counts hops when configured with a number', () => {
    const one = parseTrustedProxies('1');
    expect(clientAddress('172.17.0.2', '6.6.6.6, 198.51.100.20', one)).toBe('198.51.100.20');
    const two = parseTrustedProxies('2');
    expect(clientAddress('172.17.0.2', '6.6.6.6, 198.51.100.20, 172.17.0.1', two)).toBe('198.51.100.20');
    // Fewer entries than hops: the left-most one.
    expect(clientAddress('172.17.0.2', '198.51.100.20', two)).toBe('198.51.100.20');
    expect(clientAddress('172.17.0.2', undefined, one)).toBe('172.17.0.2');
  });

  it('handles IPv6 and IPv4-mapped addresses on the socket, in the list and in the header', () => {
    const trust = parseTrustedProxies('loopback, fd00::/8');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.9', trust)).toBe('198.51.100.9');
    expect(clientAddress('::1', '2001:DB8::5', trust)).toBe('2001:db8::5');
    expect(clientAddress('fd00::1', '[2001:db8::7]:443, fd12::3', trust)).toBe('2001:db8::7');
    expect(clientAddress('::1', '::ffff:198.51.100.3', trust)).toBe('198.51.100.3');
    expect(clientAddress('::ffff:203.0.113.1', '1.1.1.1', trust)).toBe('203.0.113.1');
    const mapped = parseTrustedProxies('::ffff:10.1.2.3');
    expect(clientAddress('10.1.2.3', '198.51.100.4', mapped)).toBe('198.51.100.4');
  });
});

describe('parseTrustedProxies', () => {
  it('reads none, hop counts, lists and shorthands', () => {
    expect(parseTrustedProxies(undefined)).toEqual(trustNone);
    expect(parseTrustedProxies(' none ')).toEqual(trustNone);
    expect(parseTrustedProxies('3')).toEqual({ kind: 'hops', hops: 3 });
    expect(parseTrustedProxies('private').kind).toBe('list');
  });

  it('names the bad entry', () => {
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '::1/129', '1.2.3', '10.0.0.0/x']) {
      expect(() => parseTrustedProxies(`127.0.0.1, ${bad}`), bad).toThrow(`"${bad}" is not an IP address`);
    }
    expect(() => parseTrustedProxies('0')).toThrow('hop count 0 must be between 1 and 32');
    expect(() => parseTrustedProxies('99')).toThrow(TrustedProxiesError);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not an IP address or CIDR');
  });
});

describe('parseForwardedAddress', () => {
  it('accepts ports, brackets and zone ids, refuses names', () => {
    expect(parseForwardedAddress(' 198.51.100.1:8080 ')).toBe('198.51.100.1');
    expect(parseForwardedAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(parseForwardedAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(parseForwardedAddress('unknown')).toBeNull();
    expect(parseForwardedAddress('')).toBeNull();
  });
});
