export { jobQueueDepth, type QueueDepth } from './queue-depth.js';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.js';
export { createJobs } from './store.js';
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
