export { buildAudience, maxSyncContacts } from './build-audience.js';
export { type CsvWriter, csvWriter, toCsv } from './csv.js';
export { encodeValue, type HashEncoding } from './hash.js';
export {
  countResult,
  emptySummary,
  type HashedAudience,
  hashAudience,
  hashContact,
  type NormalizedIdentifier,
  normalizeIdentifier,
} from './hash-contact.js';
export { type AudienceField, type AudienceNetwork, audienceFields, audienceNetworks } from './networks.js';
export { type FieldRule, type NetworkRules, networkRules } from './rules/index.js';
export {
  type AudienceContact,
  type AudienceRejection,
  type AudienceResult,
  type AudienceSummary,
  audienceContactSchema,
  audienceNetworkSchema,
  audienceRejectionSchema,
  audienceResultSchema,
  audienceSummarySchema,
} from './schema.js';
