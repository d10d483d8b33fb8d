import type { Dossier } from './client.js';
import type { GetVerifyJobOutput, VerifyEmailsInput, VerifyEmailsOutput } from './generated/operations.js';
import type { CallOptions } from './request.js';

export type VerifyJob = GetVerifyJobOutput['job'];
export type VerifyResult = GetVerifyJobOutput['results'][number];
export type QueuedVerification = Extract<VerifyEmailsOutput, { job: unknown }>;

export interface SubmitOptions extends CallOptions {
  /** The same key returns the same job; one is made for you when absent. */
  idempotencyKey?: string;
}

export interface WaitOptions {
  /** Called after every poll with the job's progress (`done` of `total`). */
  onProgress?: (job: VerifyJob) => void;
  /** Between polls. Default 1000. */
  intervalMs?: number;
  /** Give up after this long (throws). Default: wait as long as it takes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface Jobs {
  /** Queues a verification job for any number of addresses (or `csv`), even 100 or fewer. */
  submit(
    input: string[] | Omit<VerifyEmailsInput, 'as_job' | 'idempotency_key'>,
    options?: SubmitOptions,
  ): Promise<QueuedVerification>;
  /** The job's progress and one page of finished results. */
  get(
    jobId: string,
    page?: { cursor?: string; limit?: number },
    options?: CallOptions,
  ): Promise<GetVerifyJobOutput>;
  /** Polls until the job has succeeded, failed or been cancelled; returns the last state. */
  wait(jobId: string, options?: WaitOptions): Promise<VerifyJob>;
  /** Every finished result, in submission order, across pages. */
  results(
    jobId: string,
    options?: { pageSize?: number } & CallOptions,
  ): AsyncGenerator<VerifyResult, void, undefined>;
  /** Every finished result as CSV text (with a header row). */
  download(jobId: string, options?: CallOptions): Promise<string>;
}

const finished = new Set(['succeeded', 'failed', 'cancelled']);

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export function createJobs(client: Dossier, download: Jobs['download']): Jobs {
  const get: Jobs['get'] = (jobId, page = {}, options) =>
    client.call('get_verify_job', { job_id: jobId, ...page }, options);
  return {
    async submit(input, options = {}) {
      const { idempotencyKey, ...call } = options;
      const body = Array.isArray(input) ? { emails: input } : input;
      const out = await client.verify({ ...body, as_job: true, idempotency_key: idempotencyKey }, call);
      if (!('job' in out)) throw new Error('The server answered a job submission without a job.');
      return out;
    },
    get,
    async wait(jobId, options = {}) {
      const { onProgress, intervalMs = 1_000, timeoutMs, signal } = options;
      const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
      for (;;) {
        const { job } = await get(jobId, { limit: 1 }, { signal });
        onProgress?.(job);
        if (finished.has(job.status)) return job;
        if (Date.now() + intervalMs > deadline) {
          throw new Error(
            `Job ${jobId} is still ${job.status} (${job.done} of ${job.total}) after ${timeoutMs} ms.`,
          );
        }
        await pause(intervalMs, signal);
      }
    },
    async *results(jobId, options = {}) {
      const { pageSize = 1_000, ...call } = options;
      let cursor: string | undefined;
      for (;;) {
        const page = await get(jobId, { cursor, limit: pageSize }, call);
        yield* page.results;
        if (page.next_cursor === null) return;
        cursor = page.next_cursor;
      }
    },
    download,
  };
}
