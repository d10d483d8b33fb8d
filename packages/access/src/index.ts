export type { Access, AccessConfig, AuthedCaller } from './access.js';
export { createAccess, endedMessage, originAllowed, unauthorizedMessage } from './access.js';
export type { Admission, Admitted, Credentials, DoorDeps, Ran, Refusal } from './admission.js';
export { createAdmission, statusOfError } from './admission.js';
export type { Actor, AuditEntry, AuditFilter } from './console/audit.js';
export type { Console, ConsoleConfig, RequestContext } from './console/console.js';
export { createConsole, emailOffReason } from './console/console.js';
export { operatorInvite, operatorResetLink } from './console/operator.js';
export { hashPassword, verifyPassword } from './console/passwords.js';
export { changePlan, findOrganizationByAnyName } from './console/plan-change.js';
export type { ClientMeta, SessionInfo, SessionPolicy } from './console/sessions.js';
export { defaultSessionPolicy, sessionIdOf } from './console/sessions.js';
export type { SignInLimits } from './console/signin-limit.js';
export { defaultSignInLimits } from './console/signin-limit.js';
export type { RequestLogEntry, UsageQuery, UsageReport } from './console/usage-report.js';
export { requestLogPage, usageCsv, usageReport } from './console/usage-report.js';
export type { RuntimeEnv } from './env.js';
export { ConfigError, loadEnvOrExit, parseEnv, runtimeEnv } from './env.js';
export { bearerToken, displayParts, generateKey, hashKey, isWellFormedKey, keyPrefix } from './key-format.js';
export type { Grace, KeyRecord, KeyStore, KeySummary, NewKeyInput } from './key-store.js';
export { createKeyStore, graceOptions } from './key-store.js';
export type { InvitationMail } from './mail/invitation-mail.js';
export { invitationMessage } from './mail/invitation-mail.js';
export type { Mailer, MailMessage } from './mail/mailer.js';
export { MailSendError } from './mail/mailer.js';
export type { SmtpSettings } from './mail/smtp-mailer.js';
export { createSmtpMailer, mailerFromEnv } from './mail/smtp-mailer.js';
export type { Metrics } from './metrics.js';
export { createMetrics } from './metrics.js';
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
export type { Runtime } from './runtime.js';
export { openRuntime } from './runtime.js';
export { parseKek } from './secret-box.js';
export type { Outcome, UsageMeter } from './usage-meter.js';
export { createUsageMeter } from './usage-meter.js';
