export { type FoundEmail, findEmails } from './email-finder.js';
export { applyPattern, emailPatterns, learnPatterns, patternConfidence } from './email-pattern.js';
export { enrichOperation } from './enrich.js';
export { type EnrichDeps, enrichRecord } from './enrich-record.js';
export { parseRequired, requirableFields, satisfies } from './required.js';
export {
  type Contact,
  defaultFields,
  type EnrichField,
  type Enrichment,
  enrichFields,
  enrichInput,
  enrichOutput,
  maxRecords,
} from './schema.js';
export { type Candidate, type ContactPerson, companyWithContacts, findCandidates } from './store.js';
