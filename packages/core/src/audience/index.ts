export {
  AUDIENCE_JOB_KIND,
  type AudienceItemResult,
  type AudienceJobInput,
  type AudienceJobItem,
  audienceJobKind,
  type IndexedResult,
} from './audience-job.js';
export { buildAudienceOperation } from './build-audience.js';
export { type CsvWriter, csvWriter, toCsv } from './csv.js';
export { getAudienceJobOperation } from './get-audience-job.js';
export { getAudienceJobCsvOperation } from './get-audience-job-csv.js';
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
export { audienceJobSchema } from './job-view.js';
export { JOB_CHUNK, MAX_JOB_CONTACTS, MAX_SYNC_CONTACTS } from './limits.js';
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
export { type AudienceSearch, audienceSearchSchema, searchPersonIds } from './search-people.js';
