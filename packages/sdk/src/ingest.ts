import type { Dossier } from './client.js';
import type {
  PushJobPostingsInput,
  PushJobPostingsOutput,
  PushRecordsInput,
  PushRecordsOutput,
  PushSignalsInput,
  PushSignalsOutput,
} from './generated/operations.js';
import type { CallOptions } from './request.js';

/** Operator calls; they need a key with the `ingest` scope (`dossier keys create ... --ingest`). */
export interface Ingest {
  /** Intent signals (company or IP, topic, time); give each an `id` so a resend is not counted twice. */
  signals(signals: PushSignalsInput['signals'], options?: CallOptions): Promise<PushSignalsOutput>;
  /** Job postings; the same company, title and URL updates the posting instead of adding one. */
  jobPostings(
    postings: PushJobPostingsInput['job_postings'],
    options?: CallOptions,
  ): Promise<PushJobPostingsOutput>;
  /** Up to 1,000 people or company records from a named source. */
  records(input: PushRecordsInput, options?: CallOptions): Promise<PushRecordsOutput>;
}

export function createIngest(client: Dossier): Ingest {
  return {
    signals: (signals, options) => client.call('push_signals', { signals }, options),
    jobPostings: (postings, options) => client.call('push_job_postings', { job_postings: postings }, options),
    records: (input, options) => client.call('push_records', input, options),
  };
}
