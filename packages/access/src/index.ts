export type { Access, AccessConfig, AuthedCaller } from './access.js';
export { createAccess, endedMessage, originAllowed, unauthorizedMessage } from './access.js';
export type { Admission, Admitted, Credentials, DoorDeps, Ran, Refusal } from './admission.js';
export { createAdmission, statusOfError } from './admission.js';
export { bearerToken, displayParts, generateKey, hashKey, isWellFormedKey, keyPrefix } from './key-format.js';
export type { Grace, KeyRecord, KeyStore, KeySummary, NewKeyInput } from './key-store.js';
export { createKeyStore, graceOptions } from './key-store.js';
export {
  ambiguousOrganization,
  createOrganization,
  ensureOrganization,
  ensureProject,
  findOrganization,
  isFreshInstall,
  listOrganizations,
  resolveOrganization,
  setPlan,
} from './org-store.js';
export { planRateLimits, planSeats } from './plans.js';
export type { ProvisionInput } from './provision.js';
export { provisionKey } from './provision.js';
export type { TrustedProxies } from './proxy/trusted-proxies.js';
export {
  clientAddress,
  isTrustedPeer,
  parseTrustedProxies,
  requestClient,
  socketAddressOf,
  TrustedProxiesError,
  trustNone,
} from './proxy/trusted-proxies.js';
export type { Limiter, RateState } from './rate-limit.js';
export {
  createMemoryLimiter,
  createRedisLimiter,
  peekRate,
  rateLimitHeaderNames,
  rateLimitHeaders,
  retryAfterSeconds,
} from './rate-limit.js';
export type { LimitedBy, LimitOutcome } from './rate-limit-message.js';
export { planNames, rateLimitMessage } from './rate-limit-message.js';
export type { RequestLog, RequestLogOptions } from './request-log.js';
export { createRequestLog, sweepRequestLog } from './request-log.js';
export { parseKek } from './secret-box.js';
export type { Outcome, UsageMeter } from './usage-meter.js';
export { createUsageMeter } from './usage-meter.js';
