export type { DossierOptions, DownloadOperationName, Intent, JsonOperationName } from './client.js';
export { Dossier } from './client.js';
export type { ErrorBody, FieldIssue } from './errors.js';
export {
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from './errors.js';
export * from './generated/operations.js';
export type {
  Jobs,
  QueuedVerification,
  SubmitOptions,
  VerifyJob,
  VerifyResult,
  WaitOptions,
} from './jobs.js';
export type { RateLimit } from './rate-limit.js';
export type { CallOptions } from './request.js';
export type { Paged, PageOptions, Search } from './search.js';
export type { FetchLike } from './transport.js';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from './webhooks.js';
