import { isIPv4, isIPv6 } from 'node:net';

/** A parsed address: IPv4 as a 32-bit value, IPv6 as a 128-bit value. */
export interface ParsedIp {
  version: 4 | 6;
  value: bigint;
}

export const parseIp = (raw: string): ParsedIp | null => {
  const text = raw.trim().replace(/^\[|\]$/g, '');
  if (isIPv4(text)) return { version: 4, value: ipv4Value(text) };
  // A zone id (fe80::1%eth0) does not change which range the address is in.
  const bare = text.split('%')[0] ?? '';
  if (isIPv6(bare)) return { version: 6, value: ipv6Value(bare) };
  return null;
};

const ipv4Value = (text: string): bigint =>
  text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);

const ipv6Value = (text: string): bigint => {
  let head = text.toLowerCase();
  // Dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = head.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const v4 = ipv4Value(dotted[1]);
    head = `${head.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [left = '', right] = head.split('::');
  const leftGroups = left ? left.split(':') : [];
  const rightGroups = right ? right.split(':') : [];
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups =
    right === undefined ? leftGroups : [...leftGroups, ...Array(missing).fill('0'), ...rightGroups];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group || '0', 16)), 0n);
};

const formatIpv4 = (value: bigint): string =>
  [24n, 16n, 8n, 0n].map((shift) => ((value >> shift) & 0xffn).toString()).join('.');

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  bits: number;
}

export const parseCidr = (raw: string): Cidr | null => {
  const [addr = '', len] = raw.trim().split('/');
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  const bits = len === undefined ? max : Number(len);
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  const shift = BigInt(max - bits);
  return { version: ip.version, base: (ip.value >> shift) << shift, bits };
};

export const cidrContains = (cidr: Cidr, ip: ParsedIp): boolean => {
  if (cidr.version !== ip.version) return false;
  const shift = BigInt((ip.version === 4 ? 32 : 128) - cidr.bits);
  return ip.value >> shift === cidr.base >> shift;
};

const ranges = (entries: Array<[string, string]>) =>
  entries.map(([cidr, reason]) => ({ cidr: parseCidr(cidr) as Cidr, reason }));

// Not reachable or not meant to be reached from the public internet (IANA special-purpose registries).
const blockedV4 = ranges([
  ['0.0.0.0/8', 'this network'],
  ['10.0.0.0/8', 'private (RFC 1918)'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local / cloud metadata'],
  ['172.16.0.0/12', 'private (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private (RFC 1918)'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
]);

const globalUnicastV6 = parseCidr('2000::/3') as Cidr;
const blockedV6 = ranges([
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/23', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing'],
]);

// IPv6 forms that carry an IPv4 address inside: judge the IPv4 address.
const embeddedV4 = [
  { cidr: parseCidr('::ffff:0:0/96') as Cidr, extract: (v: bigint) => v & 0xffffffffn },
  { cidr: parseCidr('64:ff9b::/96') as Cidr, extract: (v: bigint) => v & 0xffffffffn },
  { cidr: parseCidr('2002::/16') as Cidr, extract: (v: bigint) => (v >> 80n) & 0xffffffffn },
];

/**
 * Why an address must not be connected to, or null when it is a public unicast address.
 * IPv6 is allowed only inside global unicast 2000::/3, which excludes loopback, ULA (fc00::/7,
 * incl. fd00::/8), link-local fe80::/10, site-local and multicast in one rule.
 */
export const blockedReason = (raw: string): string | null => {
  const ip = parseIp(raw);
  if (!ip) return 'not an IP address';
  if (ip.version === 4) return blockedV4.find((r) => cidrContains(r.cidr, ip))?.reason ?? null;
  for (const form of embeddedV4) {
    if (cidrContains(form.cidr, ip)) {
      const inner = blockedReason(formatIpv4(form.extract(ip.value)));
      return inner ? `${inner} (embedded in IPv6)` : null;
    }
  }
  if (ip.value === 0n) return 'unspecified';
  if (ip.value === 1n) return 'loopback';
  if (!cidrContains(globalUnicastV6, ip)) {
    if (cidrContains(parseCidr('fc00::/7') as Cidr, ip)) return 'unique local (ULA)';
    if (cidrContains(parseCidr('fe80::/10') as Cidr, ip)) return 'link-local';
    if (cidrContains(parseCidr('ff00::/8') as Cidr, ip)) return 'multicast';
    return 'reserved';
  }
  return blockedV6.find((r) => cidrContains(r.cidr, ip))?.reason ?? null;
};

export const isPublicAddress = (raw: string): boolean => blockedReason(raw) === null;

/** The IPv4 address an IPv4-mapped IPv6 address stands for, else the address unchanged. */
export const unmapIp = (raw: string): string => {
  const ip = parseIp(raw);
  const mapped = embeddedV4[0]?.cidr;
  if (ip && mapped && cidrContains(mapped, ip)) return formatIpv4(ip.value & 0xffffffffn);
  return raw.replace(/^\[|\]$/g, '');
};

/** Whether an address is inside any of a list of addresses or CIDR ranges. */
export const inAnyRange = (raw: string, list: readonly string[]): boolean => {
  const ip = parseIp(unmapIp(raw));
  if (!ip) return false;
  return list.some((entry) => {
    const cidr = parseCidr(entry);
    return cidr ? cidrContains(cidr, ip) : false;
  });
};
