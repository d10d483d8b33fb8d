export type { Access, AccessConfig, AuthedCaller } from './access.js';
export { createAccess, unauthorizedMessage } from './access.js';
export type { RuntimeEnv } from './env.js';
export { ConfigError, loadEnvOrExit, parseEnv, runtimeEnv } from './env.js';
export { bearerToken, displayParts, generateKey, hashKey, isWellFormedKey, keyPrefix } from './key-format.js';
export type { Grace, KeyRecord, KeyStore, KeySummary, NewKeyInput } from './key-store.js';
export { createKeyStore, graceOptions } from './key-store.js';
export { ensureOrganization, ensureProject, findOrganization, isFreshInstall, setPlan } from './org-store.js';
export { planRateLimits, planSeats } from './plans.js';
export type { ProvisionInput } from './provision.js';
export { provisionKey } from './provision.js';
export type { Limiter, RateState } from './rate-limit.js';
export {
  createMemoryLimiter,
  createRedisLimiter,
  rateLimitHeaderNames,
  rateLimitHeaders,
  retryAfterSeconds,
} from './rate-limit.js';
export type { Runtime } from './runtime.js';
export { openRuntime } from './runtime.js';
export { parseKek } from './secret-box.js';
export type { Outcome, UsageMeter } from './usage-meter.js';
export { createUsageMeter } from './usage-meter.js';
