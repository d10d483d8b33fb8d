import { describe, expect, it } from 'vitest';
import { canonicalCidr, rangeToCidrs } from './cidr.js';

describe('rangeToCidrs', () => {
  it('covers IPv4 ranges exactly with the fewest blocks', () => {
    expect(rangeToCidrs('192.0.2.0', '192.0.2.255')).toEqual(['192.0.2.0/24']);
    expect(rangeToCidrs('192.0.2.0', '192.0.2.130')).toEqual([
      '192.0.2.0/25',
      '192.0.2.128/31',
      '192.0.2.130/32',
    ]);
    expect(rangeToCidrs('10.0.0.1', '10.0.0.1')).toEqual(['10.0.0.1/32']);
    expect(rangeToCidrs('0.0.0.0', '255.255.255.255')).toEqual(['0.0.0.0/0']);
  });

  it('covers IPv6 ranges', () => {
    expect(rangeToCidrs('2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff')).toEqual(['2001:db8::/32']);
    expect(rangeToCidrs('2001:db8:100::', '2001:db8:101:ffff:ffff:ffff:ffff:ffff')).toEqual([
      '2001:db8:100::/47',
    ]);
  });

  it('refuses mixed families and reversed bounds', () => {
    expect(rangeToCidrs('192.0.2.1', '2001:db8::1')).toBeNull();
    expect(rangeToCidrs('192.0.2.9', '192.0.2.1')).toBeNull();
  });

  it('canonicalizes CIDRs', () => {
    expect(canonicalCidr('192.0.2.77/24')).toBe('192.0.2.0/24');
    expect(canonicalCidr('2001:0db8:0100:0000::1/48')).toBe('2001:db8:100::/48');
    expect(canonicalCidr('nope')).toBeNull();
  });
});
