export { createMemoryCache, type VerifyCache } from './cache.js';
export { classifyRcpt, type RcptVerdict } from './classify.js';
export { defaultVerifier } from './default-verifier.js';
export { isPrivateAddress, orderMx } from './dns.js';
export { isDisposableDomain, isRoleAccount } from './flags.js';
export {
  GREYLIST_MAX_RETRIES,
  type GreylistRetryOptions,
  greylistRetryDelayS,
  retryGreylisted,
} from './greylist.js';
export { checkOutboundPort25, type Port25Check, type Port25Options } from './port25.js';
export { isUnverifiableProvider, providerForHost } from './provider.js';
export {
  MAX_SYNC_EMAILS,
  type VerifyRequest,
  verifyRequestSchema,
  verifyResponseSchema,
  verifyResultSchema,
} from './schema.js';
export { type EmailStatus, emailStatuses, scoreFor, toEmailStatus } from './score.js';
export type { Socks5Proxy } from './socks5.js';
export { createDatabaseCache } from './store-cache.js';
export { parseAddress } from './syntax.js';
export * from './types.js';
export { suggestAddress } from './typo.js';
export {
  createVerifier,
  type Verifier,
  type VerifierConfig,
  type VerifierStats,
  type VerifyOptions,
} from './verifier.js';
export { VERIFY_JOB_KIND, type VerifyJobOptions, verifyJobKind } from './verify-job.js';
