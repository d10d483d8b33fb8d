import type { VerifyResult } from './types.js';
import type { Verifier } from './verifier.js';

/** Retries after greylisting, for job runners: a synchronous call only answers `greylisted`. */
export const GREYLIST_MAX_RETRIES = 3;

/** Seconds to wait before retry `attempt` (1..3): 5, 10 and 15 minutes; null past the last. */
export const greylistRetryDelayS = (attempt: number): number | null =>
  Number.isInteger(attempt) && attempt >= 1 && attempt <= GREYLIST_MAX_RETRIES ? 300 * attempt : null;

export interface GreylistRetryOptions {
  /** Waits; a job runner may instead persist the result and schedule `greylistRetryDelayS`. */
  sleep?: (ms: number) => Promise<void>;
  maxRetries?: number;
}

/**
 * Re-verifies greylisted results from the same verifier (so the same sending address) up to three
 * times over 5 to 15 minutes, and returns the results with the retried ones replaced.
 */
export const retryGreylisted = async (
  verifier: Verifier,
  results: VerifyResult[],
  options: GreylistRetryOptions = {},
): Promise<VerifyResult[]> => {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = Math.min(options.maxRetries ?? GREYLIST_MAX_RETRIES, GREYLIST_MAX_RETRIES);
  const current = [...results];
  for (let attempt = 1; attempt <= maxRetries; attempt++) {
    const waiting = current.flatMap((result, index) =>
      result.reason === 'greylisted' && result.email ? [index] : [],
    );
    if (!waiting.length) break;
    await sleep((greylistRetryDelayS(attempt) ?? 0) * 1000);
    const emails = waiting.map((index) => current[index]?.email as string);
    const fresh = await verifier.verify(emails, { useCache: false });
    waiting.forEach((index, i) => {
      const previous = current[index];
      const next = fresh[i];
      if (previous && next) current[index] = { ...next, input: previous.input };
    });
  }
  // Out of retries: still unknown, but no longer worth retrying.
  return current.map((result) =>
    result.reason === 'greylisted' ? { ...result, retry_after_s: null } : result,
  );
};
