import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import type { DomainDns, MxHost } from './types.js';

export class DnsTemporaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DnsTemporaryError';
  }
}

export interface DnsOptions {
  /** `host` or `host:port` name servers; the system's when empty. */
  servers?: string[];
  timeoutMs: number;
  random?: () => number;
}

const NO_NAME = new Set(['ENOTFOUND', 'NXDOMAIN']);
const NO_DATA = new Set(['ENODATA', 'ENOENT']);

export interface DnsClient {
  lookupDomain(domain: string): Promise<DomainDns>;
  /** Addresses of a mail host (A, then AAAA); empty when it has none. */
  hostAddresses(host: string): Promise<string[]>;
}

/** Resolves MX (with RFC 7505 null MX and the RFC 5321 A/AAAA fallback) through a configurable resolver. */
export const createDnsClient = (options: DnsOptions): DnsClient => {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  const random = options.random ?? Math.random;

  // Resolves one record type: null for "no records", throws DnsTemporaryError for failures.
  const query = async <T>(run: () => Promise<T[]>): Promise<T[] | 'no_name' | null> => {
    try {
      const records = await run();
      return records.length ? records : null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (NO_NAME.has(code)) return 'no_name';
      if (NO_DATA.has(code)) return null;
      throw new DnsTemporaryError(`DNS lookup failed: ${code || (error as Error).message}`);
    }
  };

  const lookupDomain = async (domain: string): Promise<DomainDns> => {
    const mx = await query(() => resolver.resolveMx(domain));
    if (mx === 'no_name') return { kind: 'no_domain' };
    if (mx) {
      const hosts = mx.map((record) => ({
        host: record.exchange.replace(/\.$/, '').toLowerCase(),
        preference: record.priority,
      }));
      // RFC 7505: a single MX with an empty (root) exchange says "this domain accepts no mail".
      if (hosts.some((record) => record.host === '')) return { kind: 'null_mx' };
      return { kind: 'ok', source: 'mx', mx: orderMx(hosts, random) };
    }
    const a = await query(() => resolver.resolve4(domain));
    if (a === 'no_name') return { kind: 'no_domain' };
    if (a) return { kind: 'ok', source: 'a', mx: [{ host: domain, preference: 0 }] };
    const aaaa = await query(() => resolver.resolve6(domain));
    if (aaaa === 'no_name') return { kind: 'no_domain' };
    if (aaaa) return { kind: 'ok', source: 'aaaa', mx: [{ host: domain, preference: 0 }] };
    return { kind: 'no_mx' };
  };

  const hostAddresses = async (host: string): Promise<string[]> => {
    if (net.isIP(host)) return [host];
    const a = await query(() => resolver.resolve4(host));
    if (Array.isArray(a)) return a;
    const aaaa = await query(() => resolver.resolve6(host));
    return Array.isArray(aaaa) ? aaaa : [];
  };

  return { lookupDomain, hostAddresses };
};

/** Preference order, with hosts of equal preference shuffled to spread load as RFC 5321 5.1 asks. */
export const orderMx = (hosts: MxHost[], random: () => number = Math.random): MxHost[] => {
  const shuffled = hosts.map((host) => ({ host, key: random() }));
  shuffled.sort((a, b) => a.host.preference - b.host.preference || a.key - b.key);
  return shuffled.map((entry) => entry.host);
};

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

const family = (ip: string): 'ipv4' | 'ipv6' => (net.isIPv6(ip) ? 'ipv6' : 'ipv4');

/** Loopback, private, link-local, CGNAT, multicast and reserved ranges; IPv4-mapped IPv6 included. */
export const isPrivateAddress = (ip: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(ip, family(ip));
};

/** An allow-list of addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`) that may be contacted anyway. */
export const createAllowList = (entries: string[]): ((ip: string) => boolean) => {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(prefix), family(address));
  }
  return (ip) => list.check(ip, family(ip));
};
