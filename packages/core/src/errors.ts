import { isConnectionError } from '@dossier/db';

/** The closed set of error codes. Each door maps them once (REST: HTTP status; MCP: tool error). */
export const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'conflict',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status of each code, shared by every HTTP door (REST, console). */
export const httpStatusOf = {
  invalid_request: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  conflict: 409,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

export interface FieldIssue {
  /** Dotted path of the failing field, e.g. `records.3.email`. */
  path: string;
  message: string;
}

export interface DossierErrorOptions {
  /** Per-field problems for `invalid_request`. */
  issues?: FieldIssue[];
  /** Seconds until a retry can succeed, for `rate_limited` and `unavailable`. */
  retryAfter?: number;
  cause?: unknown;
}

/** The one error class of the service. Its message is safe to show to a caller. */
export class DossierError extends Error {
  readonly code: ErrorCode;
  readonly issues?: FieldIssue[];
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: DossierErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'DossierError';
    this.code = code;
    this.issues = options.issues;
    this.retryAfter = options.retryAfter;
  }
}

export const isDossierError = (value: unknown): value is DossierError => value instanceof DossierError;

export const invalid = (issues: FieldIssue[]): DossierError =>
  new DossierError(
    'invalid_request',
    issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '),
    { issues },
  );

/** The database could not be reached: the caller may retry (REST 503 with Retry-After). */
export const databaseUnavailable = (cause: unknown): DossierError =>
  new DossierError('unavailable', 'The database cannot be reached right now; retry in a few seconds.', {
    retryAfter: 5,
    cause,
  });

/** A thrown value as the service sees it: a lost database connection becomes `unavailable`. */
export const outageAware = (error: unknown): unknown =>
  isConnectionError(error) && !isDossierError(error) ? databaseUnavailable(error) : error;

export const notFound = (what: string): DossierError => new DossierError('not_found', `${what} not found`);
