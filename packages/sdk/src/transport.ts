import { ApiError, ConnectionError, errorFromResponse, RateLimitError, TimeoutError } from './errors.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  fetch: FetchLike;
  /** Longest `Retry-After` worth waiting for; a longer one is thrown as RateLimitError. */
  maxRetryAfterMs: number;
  userAgent?: string;
  onRateLimit(state: RateLimit): void;
}

export interface RequestSpec {
  method: string;
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
  /** Safe to send twice: GET, read-only, or carrying an idempotency key. */
  retryable: boolean;
  /** Return the body as text instead of parsing JSON. */
  text?: boolean;
  /** Per call overrides. */
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
}

export interface RetryPlan {
  /** First backoff step; doubles each attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
}

const plan: RetryPlan = { baseDelayMs: 500, maxDelayMs: 8_000 };

/** Exponential backoff with full jitter: a random wait up to base * 2^attempt, capped. */
export const backoffMs = (attempt: number, random = Math.random, p: RetryPlan = plan): number =>
  Math.round(random() * Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const retryableStatus = (status: number) => status === 429 || status >= 500;

/** One HTTP exchange with timeout, typed errors, rate-limit tracking and safe retries. */
export async function send(options: TransportOptions, spec: RequestSpec): Promise<unknown> {
  const maxRetries = spec.retryable ? (spec.maxRetries ?? options.maxRetries) : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(options, spec);
    } catch (error) {
      if (!(error instanceof ApiError) || attempt >= maxRetries) throw error;
      let wait: number;
      if (error instanceof ConnectionError) wait = backoffMs(attempt);
      else if (retryableStatus(error.status)) {
        const after = error instanceof RateLimitError ? error.retryAfter : undefined;
        if (after !== undefined && after * 1000 > options.maxRetryAfterMs) throw error;
        // The server's word plus a little jitter, so waiting clients do not return together.
        wait = after !== undefined ? after * 1000 + Math.round(Math.random() * 250) : backoffMs(attempt);
      } else throw error;
      await sleep(wait, spec.signal);
    }
  }
}

async function attemptOnce(options: TransportOptions, spec: RequestSpec): Promise<unknown> {
  const timeoutMs = spec.timeoutMs ?? options.timeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(spec.signal?.reason);
  if (spec.signal?.aborted) onAbort();
  spec.signal?.addEventListener('abort', onAbort, { once: true });

  const query = spec.query?.toString() ?? '';
  const url = `${options.baseUrl}${spec.path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.apiKey}`,
    accept: spec.text ? 'text/csv, application/json' : 'application/json',
    ...spec.headers,
  };
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await options.fetch(url, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: controller.signal,
    });
    // The body is read under the same timer: a server that stalls mid-body also times out.
    const text = await response.text();
    const state = parseRateLimit(response.headers);
    if (state) options.onRateLimit(state);
    if (!response.ok) throw errorFromResponse(response.status, response.headers, text);
    if (spec.text) return text;
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'The server answered with a body that is not JSON.',
        requestId: response.headers.get('x-request-id') ?? undefined,
        headers: response.headers,
        cause,
      });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (spec.signal?.aborted) throw spec.signal.reason ?? error;
    if (timedOut) {
      throw new TimeoutError({
        status: 0,
        code: 'timeout',
        message: `No response from ${spec.method} ${spec.path} within ${timeoutMs} ms.`,
        cause: error,
      });
    }
    throw new ConnectionError({
      status: 0,
      code: 'connection_error',
      message: `Could not reach ${options.baseUrl}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
  }
}
