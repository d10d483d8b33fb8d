import {
  type BuildAudienceInput,
  type BuildAudienceOutput,
  type EnrichInput,
  type EnrichOutput,
  type GetCompanyOutput,
  type GetPersonOutput,
  type GetUsageInput,
  type GetUsageOutput,
  type IntentInput,
  type IntentOutput,
  type ListIntentTopicsInput,
  type ListIntentTopicsOutput,
  type OperationName,
  type Operations,
  operationSpecs,
  type VerifyEmailsInput,
  type VerifyEmailsOutput,
} from './generated/operations.js';
import { createIngest, type Ingest } from './ingest.js';
import { createJobs, type Jobs } from './jobs.js';
import type { RateLimit } from './rate-limit.js';
import { buildRequest, type CallOptions } from './request.js';
import { createSearch, type Paged, paged, type Search } from './search.js';
import { type FetchLike, send, type TransportOptions } from './transport.js';

export interface DossierOptions {
  /** `dsr_live_...`; defaults to the `DOSSIER_API_KEY` environment variable where there is one. */
  apiKey?: string;
  /** Defaults to `DOSSIER_BASE_URL`, else `http://127.0.0.1:3000`. */
  baseUrl?: string;
  /** Per attempt, including reading the body. Default 30 000. */
  timeoutMs?: number;
  /** Retries of safe calls after network errors, 5xx and 429. Default 2. */
  maxRetries?: number;
  /** Longest `Retry-After` the client waits out before retrying; longer ones throw. Default 60 000. */
  maxRetryAfterMs?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: FetchLike;
}

/** Operations whose REST answer is JSON (not a download). */
export type JsonOperationName = {
  [K in OperationName]: (typeof operationSpecs)[K] extends { produces: string } ? never : K;
}[OperationName];

/** Operations whose REST answer is a file (CSV), read with `download`. */
export type DownloadOperationName = Exclude<OperationName, JsonOperationName>;

export interface Intent extends Paged<IntentInput, IntentOutput> {
  /** Topic names with signal counts, optionally by `prefix`. */
  topics(input?: ListIntentTopicsInput, options?: CallOptions): Promise<ListIntentTopicsOutput>;
}

/** Reads an environment variable where there is a `process` (Node, Deno, Bun); never throws in a browser. */
function env(name: string): string | undefined {
  try {
    const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
    return proc?.env?.[name] || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Dossier API client.
 *
 * ```ts
 * const dossier = new Dossier({ apiKey: 'dsr_live_...' });
 * const company = await dossier.company('northwind.example');
 * ```
 */
export class Dossier {
  /** Limit, remaining and reset (Unix seconds) from the last response that carried them. */
  rateLimit: RateLimit | undefined;
  /** Company and people search, with page iterators. */
  readonly search: Search;
  /** Email verification jobs: submit, follow, wait, read and download results. */
  readonly jobs: Jobs;
  /**
   * Accounts in market now (topic surges, hiring, job changes), with `.iterate` over pages and
   * `.topics()` for the topic names.
   */
  readonly intent: Intent;
  /** Operators only (keys with the `ingest` scope): load signals, job postings and records. */
  readonly ingest: Ingest;
  readonly baseUrl: string;
  readonly #transport: TransportOptions;

  constructor(options: DossierOptions = {}) {
    const apiKey = options.apiKey ?? env('DOSSIER_API_KEY');
    if (!apiKey) throw new TypeError('Pass apiKey or set DOSSIER_API_KEY.');
    const fetcher = options.fetch ?? globalThis.fetch?.bind(globalThis);
    if (!fetcher) throw new TypeError('No fetch available: pass options.fetch.');
    this.baseUrl = (options.baseUrl ?? env('DOSSIER_BASE_URL') ?? 'http://127.0.0.1:3000').replace(
      /\/+$/,
      '',
    );
    this.#transport = {
      apiKey,
      baseUrl: this.baseUrl,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      fetch: fetcher,
      onRateLimit: (state) => {
        this.rateLimit = state;
      },
    };
    this.search = createSearch(this);
    this.jobs = createJobs(this, (jobId, options) => this.#download(jobId, options));
    this.intent = Object.assign(
      paged<IntentInput, IntentOutput>((input, options) => this.call('intent', input, options)),
      {
        topics: (input: ListIntentTopicsInput = {}, options?: CallOptions) =>
          this.call('list_intent_topics', input, options),
      },
    );
    this.ingest = createIngest(this);
  }

  /** Calls any JSON operation by its name, e.g. `call('get_company', { domain })`. */
  async call<N extends JsonOperationName>(
    name: N,
    input: Operations[N]['input'],
    options?: CallOptions,
  ): Promise<Operations[N]['output']> {
    const request = buildRequest(operationSpecs[name], input as Record<string, unknown>, options);
    return (await send(this.#transport, request)) as Operations[N]['output'];
  }

  /** Reads a file operation's body as text, e.g. `download('get_audience_job_csv', { job_id })`. */
  async download<N extends DownloadOperationName>(
    name: N,
    input: Operations[N]['input'],
    options?: CallOptions,
  ): Promise<string> {
    const request = buildRequest(operationSpecs[name], input as Record<string, unknown>, options);
    return (await send(this.#transport, request)) as string;
  }

  #download(jobId: string, options?: CallOptions): Promise<string> {
    return this.download('get_verify_job_csv', { job_id: jobId }, options);
  }

  /**
   * Appends contacts and firmographics to what you know: a `domain`, `email`, `linkedin_url`, `ip`,
   * `phone`, `person_id` or `name` + `company`; or up to 100 `records` at once.
   */
  enrich(input: EnrichInput, options?: CallOptions): Promise<EnrichOutput> {
    return this.call('enrich', input, options);
  }

  /** A stored person by id (`per_...`). Contact data is masked unless the key has the `pii` scope. */
  person(id: string, options?: CallOptions): Promise<GetPersonOutput> {
    return this.call('get_person', { id }, options);
  }

  /** The company behind a domain, URL or work email. Throws NotFoundError when none is known. */
  company(domain: string, options?: CallOptions): Promise<GetCompanyOutput> {
    return this.call('get_company', { domain }, options);
  }

  /** Your organization's requests, errors and rate-limited requests by day, key and operation. */
  usage(input: GetUsageInput = {}, options?: CallOptions): Promise<GetUsageOutput> {
    return this.call('get_usage', input, options);
  }

  /** Normalized and hashed identifiers for an ad network's customer list. */
  audience(input: BuildAudienceInput, options?: CallOptions): Promise<BuildAudienceOutput> {
    return this.call('build_audience', input, options);
  }

  /**
   * Verifies addresses. Up to 100 are answered at once (`results`); longer lists come back as a
   * queued `job` (see `jobs.wait`). Every call carries an idempotency key, so retries are safe.
   */
  verify(input: VerifyEmailsInput | string[], options?: CallOptions): Promise<VerifyEmailsOutput> {
    return this.call('verify_emails', Array.isArray(input) ? { emails: input } : input, options);
  }
}
