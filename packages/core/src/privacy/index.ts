export { accessRequest } from './access-request.js';
export type { PrivacyActor } from './audit.js';
export { suppressPerson } from './do-not-contact.js';
export { erase } from './erase.js';
export { throwIfErased } from './gone.js';
export * from './identifiers.js';
export { indexJobItems } from './index-job-items.js';
export {
  getRetention,
  type RetentionSettings,
  scheduleRetentionSweep,
  setRetention,
  sweepRetention,
} from './retention.js';
export { hasInstanceSecret, identifierHash, useInstanceSecret } from './secret.js';
export { isSuppressed, SUPPRESSED_REASON, suppressedAmong } from './suppression.js';
