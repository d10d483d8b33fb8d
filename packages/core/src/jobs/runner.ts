import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@dossier/db';
import { type Logger, silentLogger } from '../context.js';
import {
  claimJob,
  createJobs,
  finishJob,
  jobAttempts,
  LeaseLostError,
  readyItems,
  releaseJob,
  renewLease,
  saveOutcomes,
  unfinishedCount,
} from './store.js';
import type { JobContext, JobKind, JobRun, Jobs } from './types.js';

export interface JobRunnerOptions {
  database: Database;
  log?: Logger;
  now?: () => Date;
  /** Names this process in `locked_by`; unique per runner by default. */
  workerId?: string;
  /** How long a claim lasts without renewal; a crashed worker's jobs are picked up after it. */
  leaseMs?: number;
  /** How often to look for work when idle (submissions in this process wake it at once). */
  pollMs?: number;
  /** Batch failures before a job is marked failed. */
  maxAttempts?: number;
  /** Wait after a failed batch before the job may be claimed again. */
  failureBackoffMs?: number;
}

export interface JobRunner {
  registerJobKind<I, R>(kind: string, handler: JobKind<I, R>): void;
  /** Submitting through this wakes the runner. */
  jobs: Jobs;
  start(): void;
  /**
   * Stops the batch in hand at its next safe point (between addresses, for verify), saves what
   * it finished, gives up the lease so any runner can resume the job at once, and stops.
   */
  stop(): Promise<void>;
  /** Claims and processes jobs until none has work ready now (tests, one-shot use). */
  runUntilIdle(): Promise<void>;
  wake(): void;
}

export const createJobRunner = (options: JobRunnerOptions): JobRunner => {
  const { database } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.failureBackoffMs ?? 30_000;
  const kinds = new Map<string, JobKind>();
  let running = false;
  let stopping = new AbortController();
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const wake = () => wakeUp?.();

  /** Works on one claimed job until it is done, nothing is ready, or we stop. */
  const work = async (job: JobRun): Promise<void> => {
    const kind = kinds.get(job.kind);
    if (!kind) return releaseJob(database, { jobId: job.id, workerId });
    // Stops the batch in hand at its next safe point: on a stop, or when the lease is lost.
    const halt = new AbortController();
    const onStop = () => halt.abort();
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const ctx: JobContext = { job, database, log, now, signal: halt.signal };
    const chunk = kind.chunkSize ?? 100;
    // Long batches keep the lease alive; losing it means another worker owns the job now, so this
    // one stops at once rather than working on items whose answers it could not save.
    const renew = setInterval(
      () => {
        renewLease(database, job.id, workerId, new Date(now().getTime() + leaseMs)).then(
          (held) => {
            if (!held && !halt.signal.aborted) {
              log.warn({ job_id: job.id }, 'job lease taken by another worker; stopping this batch');
              halt.abort();
            }
          },
          (error) => log.warn({ job_id: job.id, err: String(error) }, 'job lease renewal failed'),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      while (running && !halt.signal.aborted) {
        const items = await readyItems(database, job.id, chunk, now());
        if (!items.length) break;
        const outcomes = await kind.processItems(ctx, items);
        await saveOutcomes(database, {
          jobId: job.id,
          workerId,
          items,
          outcomes,
          leaseUntil: new Date(now().getTime() + leaseMs),
          partial: ctx.signal.aborted,
        });
      }
      if (running && !halt.signal.aborted && (await unfinishedCount(database, job.id)) === 0) {
        const result = kind.finish ? await kind.finish(ctx) : null;
        await finishJob(database, { jobId: job.id, workerId, status: 'succeeded', result, now: now() });
        log.info({ job_id: job.id, kind: job.kind, total: job.total }, 'job finished');
      } else {
        // Stopping, or only retries scheduled for later: let any worker take it up again.
        await releaseJob(database, { jobId: job.id, workerId });
      }
    } catch (error) {
      if (error instanceof LeaseLostError) {
        log.warn({ job_id: job.id }, 'job lease lost to another worker');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      log.error({ job_id: job.id, kind: job.kind, err: message }, 'job batch failed');
      const attempts = (await jobAttempts(database, job.id)) + 1;
      if (attempts >= maxAttempts) {
        await finishJob(database, { jobId: job.id, workerId, status: 'failed', error: message, now: now() });
      } else {
        await releaseJob(database, {
          jobId: job.id,
          workerId,
          failedAttempt: message,
          retryAt: new Date(now().getTime() + backoffMs),
        });
      }
    } finally {
      clearInterval(renew);
      stopping.signal.removeEventListener('abort', onStop);
    }
  };

  const claimAndWork = async (): Promise<boolean> => {
    const job = await claimJob(database, { kinds: [...kinds.keys()], workerId, leaseMs, now: now() });
    if (!job) return false;
    await work(job);
    return true;
  };

  const run = async () => {
    while (running) {
      let found = false;
      try {
        found = await claimAndWork();
      } catch (error) {
        log.error({ err: String(error) }, 'job runner error');
      }
      if (found || !running) continue;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      wakeUp = undefined;
      if (timer) clearTimeout(timer);
    }
  };

  return {
    registerJobKind(kind, handler) {
      kinds.set(kind, handler as JobKind);
    },
    jobs: createJobs(database, { onSubmit: wake }),
    start() {
      if (running) return;
      running = true;
      if (stopping.signal.aborted) stopping = new AbortController();
      loop = run();
    },
    async stop() {
      running = false;
      stopping.abort();
      wake();
      await loop;
      loop = undefined;
    },
    async runUntilIdle() {
      const was = running;
      running = true;
      if (stopping.signal.aborted) stopping = new AbortController();
      try {
        while (await claimAndWork()) {}
      } finally {
        running = was;
      }
    },
    wake,
  };
};
