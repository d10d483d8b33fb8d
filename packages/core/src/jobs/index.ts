export { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.js';
export { createJobs, jobQueueDepth, type QueueDepth } from './store.js';
export type {
  ItemOutcome,
  ItemPage,
  JobContext,
  JobItem,
  JobKind,
  JobRun,
  JobStatus,
  Jobs,
  SubmitJob,
} from './types.js';
