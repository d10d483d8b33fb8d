export {
  createResolver,
  type DnsRecordType,
  type DnsResolverLike,
  isHostname,
  type MxRecord,
  type ResolverOptions,
  type SafeDnsOptions,
  safeResolveDns,
  systemResolver,
} from './dns-resolver.js';
export { blockedReason, inAnyRange, isPublicAddress, parseCidr, parseIp, unmapIp } from './ip-ranges.js';
export { defaultUserAgent, type SafeFetchOptions, type SafeFetchResponse, safeFetch } from './safe-fetch.js';
export { type FetchFailure, isSafeFetchError, SafeFetchError } from './safe-fetch-error.js';
