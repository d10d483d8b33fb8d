import { Resolver } from 'node:dns/promises';
import { DossierError } from '../errors.js';

/** The part of node's dns Resolver we use; tests and callers may pass their own. */
export interface DnsResolverLike {
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
  resolveMx(host: string): Promise<Array<{ exchange: string; priority: number }>>;
  resolveTxt(host: string): Promise<string[][]>;
  resolveNs(host: string): Promise<string[]>;
  resolveCname(host: string): Promise<string[]>;
}

export interface ResolverOptions {
  /** Name servers as `ip` or `ip:port` (`127.0.0.1:5353`); the system's when absent. */
  servers?: string[];
  /** Per-query timeout in milliseconds. */
  timeoutMs?: number;
  tries?: number;
}

export const createResolver = (options: ResolverOptions = {}): DnsResolverLike => {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  return resolver;
};

let defaultResolver: DnsResolverLike | undefined;
export const systemResolver = (): DnsResolverLike => {
  defaultResolver ??= createResolver();
  return defaultResolver;
};

export type DnsRecordType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'NS' | 'CNAME';
export interface MxRecord {
  exchange: string;
  priority: number;
}
interface DnsAnswer {
  A: string[];
  AAAA: string[];
  MX: MxRecord[];
  TXT: string[];
  NS: string[];
  CNAME: string[];
}

export interface SafeDnsOptions {
  resolver?: DnsResolverLike;
  /** Gives up after this long even when the resolver would keep trying. */
  timeoutMs?: number;
  /** At most this many records come back (a hostile zone can publish thousands). */
  maxRecords?: number;
}

const hostnamePattern = /^(?=.{1,253}\.?$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}\.?$/i;
const absentCodes = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

/** Whether a string is a syntactically valid DNS name (labels may start with `_`, as in `_dmarc`). */
export const isHostname = (name: string): boolean => hostnamePattern.test(name);

export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DossierError('unavailable', `${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * One DNS lookup with the checks a user-given name needs: a valid name, a bounded time, a bounded
 * answer. A name or record that does not exist gives `[]`; a failing server gives `unavailable`.
 * TXT strings split in 255-byte chunks are joined, names come back lower-case without a trailing dot.
 */
export const safeResolveDns = async <T extends DnsRecordType>(
  name: string,
  type: T,
  options: SafeDnsOptions = {},
): Promise<DnsAnswer[T]> => {
  const host = name.trim().toLowerCase().replace(/\.$/, '');
  if (!isHostname(host)) throw new DossierError('invalid_request', `not a valid DNS name: ${name}`);
  const resolver = options.resolver ?? systemResolver();
  const max = options.maxRecords ?? 100;
  const clean = (value: string) => value.toLowerCase().replace(/\.$/, '');
  const lookup = async (): Promise<unknown[]> => {
    switch (type) {
      case 'A':
        return resolver.resolve4(host);
      case 'AAAA':
        return resolver.resolve6(host);
      case 'MX':
        return (await resolver.resolveMx(host))
          .map((mx) => ({ exchange: clean(mx.exchange), priority: mx.priority }))
          .sort((a, b) => a.priority - b.priority);
      case 'TXT':
        return (await resolver.resolveTxt(host)).map((chunks) => chunks.join(''));
      case 'NS':
        return (await resolver.resolveNs(host)).map(clean);
      default:
        return (await resolver.resolveCname(host)).map(clean);
    }
  };
  try {
    const records = await withTimeout(lookup(), options.timeoutMs ?? 5000, `DNS ${type} lookup of ${host}`);
    return records.slice(0, max) as DnsAnswer[T];
  } catch (error) {
    if (error instanceof DossierError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (absentCodes.has(code)) return [] as unknown as DnsAnswer[T];
    throw new DossierError('unavailable', `DNS ${type} lookup of ${host} failed (${code || 'error'})`, {
      cause: error,
    });
  }
};
