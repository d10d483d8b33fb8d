import type { JobKind } from '../jobs/types.js';
import { GREYLIST_MAX_RETRIES, greylistRetryDelayS } from './greylist.js';
import { verifyStatusCounts } from './store.js';
import { verifyUnsuppressed } from './suppressed.js';
import type { VerifyResult } from './types.js';
import type { Verifier } from './verifier.js';

export const VERIFY_JOB_KIND = 'verify';

export interface VerifyJobOptions {
  verifier: Verifier;
  /** Addresses per batch: bigger batches verify more domains in parallel (default 2,000). */
  chunkSize?: number;
  /** Wait before greylisting retry `attempt` (1..3); 5, 10, 15 minutes by default, shorter in tests. */
  retryDelayMs?: (attempt: number) => number;
}

/**
 * The `verify` job kind: a batch of addresses goes through the verifier at once (so one SMTP
 * session per domain per batch); greylisted addresses come back up to three times, later.
 */
export const verifyJobKind = (options: VerifyJobOptions): JobKind<string, VerifyResult> => {
  const delay = options.retryDelayMs ?? ((attempt: number) => (greylistRetryDelayS(attempt) ?? 900) * 1000);
  return {
    chunkSize: options.chunkSize ?? 2_000,
    async processItems(ctx, items) {
      // Retries skip the address cache and go back to the server, from the same sending address.
      const first = items.filter((item) => item.attempts === 0);
      const again = items.filter((item) => item.attempts > 0);
      const results = new Map<number, VerifyResult>();
      const run = async (batch: typeof items, useCache: boolean) => {
        if (!batch.length) return;
        const out = await verifyUnsuppressed(
          ctx.database.db,
          batch.map((item) => String(item.input)),
          (list) => options.verifier.verify(list, { useCache, signal: ctx.signal }),
        );
        batch.forEach((item, i) => {
          const result = out[i];
          if (result) results.set(item.seq, result);
        });
      };
      await run(first, true);
      await run(again, false);
      const now = ctx.now().getTime();
      return items.map((item) => {
        const result = results.get(item.seq);
        if (!result) {
          // Not reached before the runner stopped: left pending for the next run.
          if (ctx.signal.aborted) return undefined;
          throw new Error(`verifier returned no result for item ${item.seq}`);
        }
        if (result.reason !== 'greylisted') return { result };
        const attempt = item.attempts + 1;
        if (attempt > GREYLIST_MAX_RETRIES) return { result: { ...result, retry_after_s: null } };
        const wait = delay(attempt);
        return {
          result: { ...result, retry_after_s: Math.ceil(wait / 1000) },
          retryAt: new Date(now + wait),
        };
      });
    },
    async finish(ctx) {
      const rows = await verifyStatusCounts(ctx.database, ctx.job.id);
      const counts: Record<string, number> = { deliverable: 0, undeliverable: 0, risky: 0, unknown: 0 };
      for (const row of rows) if (row.status) counts[row.status] = Number(row.n);
      return { counts };
    },
  };
};
