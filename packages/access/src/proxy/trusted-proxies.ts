import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Which peers may tell us the client's address in `X-Forwarded-For`: none (the default: the socket
 * address is the client), the first N hops, or the peers inside a list of addresses and CIDRs.
 */
export type TrustedProxies =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; list: BlockList; text: string };

export const trustNone: TrustedProxies = { kind: 'none' };

/** Thrown for an unusable setting; the message says which part is wrong and what is expected. */
export class TrustedProxiesError extends Error {}

const shorthands: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7', 'fe80::/10'],
};

/** `::ffff:10.0.0.1` is 10.0.0.1: proxies and sockets write IPv4 either way. */
export function unmapAddress(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:') && isIPv4(lower.slice(7))) return lower.slice(7);
  return lower;
}

/**
 * One `X-Forwarded-For` entry as an address, or null: accepts `1.2.3.4`, `1.2.3.4:5678`,
 * `2001:db8::1`, `[2001:db8::1]` and `[2001:db8::1]:443` (some proxies add the port).
 */
export function parseForwardedAddress(raw: string): string | null {
  let text = raw.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  // A zone id (`fe80::1%eth0`) names an interface of the sender, not part of the address.
  const address = text.split('%')[0] ?? '';
  return isIP(address) ? unmapAddress(address) : null;
}

/**
 * `DOSSIER_TRUSTED_PROXIES`: empty or `none` trusts nobody; a whole number N trusts N hops (the
 * socket peer and N-1 more entries of the header); otherwise a comma list of addresses, CIDRs and
 * the shorthands `loopback` and `private`.
 */
export function parseTrustedProxies(setting: string | undefined): TrustedProxies {
  const text = setting?.trim() ?? '';
  if (text === '' || text === 'none') return trustNone;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 32) throw new TrustedProxiesError(`hop count ${text} must be between 1 and 32`);
    return { kind: 'hops', hops };
  }
  const list = new BlockList();
  for (const entry of text.split(',').map((s) => s.trim())) {
    if (!entry) continue;
    for (const item of shorthands[entry.toLowerCase()] ?? [entry]) addEntry(list, item, entry);
  }
  return { kind: 'list', list, text };
}

function addEntry(list: BlockList, item: string, original: string) {
  const [rawAddress = '', prefix, ...rest] = item.split('/');
  const address = unmapAddress(rawAddress);
  const family = isIP(address);
  const bad = () =>
    new TrustedProxiesError(
      `"${original}" is not an IP address or CIDR (use addresses and CIDRs separated by commas, loopback, private, or a hop count)`,
    );
  if (!family || rest.length > 0) throw bad();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return list.addAddress(address, type);
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) throw bad();
  list.addSubnet(address, bits, type);
}

const isTrusted = (list: BlockList, address: string) =>
  list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');

/**
 * The client's address: the socket peer unless it is a trusted proxy; then, walking
 * `X-Forwarded-For` from the right, the first address that is not a trusted proxy. Entries left of
 * that are whatever the client wrote and are never used. With nobody trusted the header is ignored.
 */
export function clientAddress(
  socketAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustedProxies,
): string | null {
  const peer = socketAddress ? unmapAddress(socketAddress) : null;
  if (trust.kind === 'none' || !peer || !forwardedFor) return peer;
  const hops = forwardedFor.split(',').reverse();
  if (trust.kind === 'hops') {
    // The socket peer is hop 1; each further trusted hop vouches for the entry to its left.
    let client = peer;
    for (let i = 0; i < trust.hops && i < hops.length; i++) {
      const next = parseForwardedAddress(hops[i] ?? '');
      if (!next) break;
      client = next;
    }
    return client;
  }
  let client = peer;
  for (const hop of hops) {
    if (!isTrusted(trust.list, client)) return client;
    const next = parseForwardedAddress(hop);
    // A malformed entry came from beyond our proxies: the last address we could vouch for stands.
    if (!next) return client;
    client = next;
  }
  return client;
}

/** The socket peer is a proxy we were told to trust, so its `X-Forwarded-*` headers may be believed. */
export function isTrustedPeer(socketAddress: string | null | undefined, trust: TrustedProxies): boolean {
  if (!socketAddress || trust.kind === 'none') return false;
  if (trust.kind === 'hops') return true;
  return isTrusted(trust.list, unmapAddress(socketAddress));
}

/** The socket peer's address from what @hono/node-server passes as the handler's env. */
export function socketAddressOf(env: unknown): string | undefined {
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
}

/** The client's address of a request served by @hono/node-server (see `clientAddress`). */
export function requestClient(
  env: unknown,
  forwardedFor: string | null | undefined,
  trust: TrustedProxies,
): string | null {
  return clientAddress(socketAddressOf(env), forwardedFor, trust);
}
