export {
  type BulkOutcome,
  bulkInsertSignals,
  type KeyedSignal,
  mergePendingSignals,
} from './bulk-signals.js';
export {
  departmentFor,
  ingestJobPostings,
  type JobPostingOutcome,
  type JobPostingRow,
} from './ingest-job-postings.js';
export { ingestSignals, type SignalOutcome, type SignalRow, summarizeOutcomes } from './ingest-signals.js';
export { listIntentTopics, type TopicCount } from './list-topics.js';
export {
  intentOperation,
  listIntentTopicsOperation,
  pushJobPostingsOperation,
  pushSignalsOperation,
} from './operations.js';
export { type IntentPage, type IntentQuery, queryIntent } from './query-intent.js';
export { rebuildIntentAggregates, rebuildSignalWeeks } from './rebuild.js';
export { accountScore, surgeScore } from './score.js';
export type { IntentItem, IntentType } from './types.js';
