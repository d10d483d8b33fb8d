import { describe, expect, it } from 'vitest';
import { blockedReason, inAnyRange, isPublicAddress, parseIp, unmapIp } from './ip-ranges.js';

describe('blockedReason', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local / cloud metadata'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00:ec2::254', 'unique local (ULA)'],
    ['fc00::1', 'unique local (ULA)'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback (embedded in IPv6)'],
    ['::ffff:7f00:1', 'loopback (embedded in IPv6)'],
    ['::ffff:a9fe:a9fe', 'link-local / cloud metadata (embedded in IPv6)'],
    ['64:ff9b::a00:1', 'private (RFC 1918) (embedded in IPv6)'],
    ['2002:c0a8:0101::1', 'private (RFC 1918) (embedded in IPv6)'],
    ['2001:0:4136:e378::1', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
    ['::127.0.0.1', 'reserved'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is refused (%s)', (ip, reason) => {
    expect(blockedReason(ip)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('helpers', () => {
  it('parses IPv4 and IPv6 to numbers', () => {
    expect(parseIp('1.2.3.4')).toEqual({ version: 4, value: 0x01020304n });
    expect(parseIp('[::1]')).toEqual({ version: 6, value: 1n });
    expect(parseIp('1:2:3:4:5:6:7:8')?.value).toBe(0x00010002000300040005000600070008n);
    expect(parseIp('999.1.1.1')).toBeNull();
  });

  it('unmaps IPv4-mapped IPv6 and matches ranges', () => {
    expect(unmapIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(unmapIp('::1')).toBe('::1');
    expect(inAnyRange('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(inAnyRange('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(inAnyRange('127.0.0.2', ['127.0.0.0/8'])).toBe(true);
    expect(inAnyRange('fd00::5', ['fd00::/8'])).toBe(true);
  });
});
