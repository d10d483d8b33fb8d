/** A field the server rejected, e.g. `{ path: 'emails.3', message: 'Invalid email address' }`. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The JSON error body every Dossier error response carries. */
export interface ErrorBody {
  error: string;
  message: string;
  issues?: FieldIssue[];
  request_id?: string;
}

interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string;
  issues?: FieldIssue[];
  retryAfter?: number;
  headers?: Headers;
  cause?: unknown;
}

/** Any failed call. `status` is the HTTP status (0 when no response arrived). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code: `invalid_request`, `unauthorized`, `forbidden`, `not_found`, ... */
  readonly code: string;
  /** Quote it when reporting a problem; the server logs it too. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.headers = init.headers;
  }
}

/** 401: the key is missing, malformed, revoked or expired. */
export class AuthenticationError extends ApiError {}

/** 403: the key lacks the scope, or the origin is not allowed for it. */
export class PermissionError extends ApiError {}

/** 404: nothing is known for what was asked. */
export class NotFoundError extends ApiError {}

/** 400, 413 or 422: the request was not accepted as sent; `issues` names the fields. */
export class ValidationError extends ApiError {
  readonly issues: FieldIssue[];
  constructor(init: ApiErrorInit) {
    super(init);
    this.issues = init.issues ?? [];
  }
}

/** 429: the key's rate limit is used up; `retryAfter` is the wait in seconds. */
export class RateLimitError extends ApiError {
  readonly retryAfter: number | undefined;
  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** No response: the connection failed or was cut. */
export class ConnectionError extends ApiError {}

/** No response within `timeoutMs`. */
export class TimeoutError extends ConnectionError {}

/** Seconds from a `Retry-After` header (delta seconds or an HTTP date); undefined when absent or bad. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErrorBody).error === 'string' &&
  typeof (value as ErrorBody).message === 'string';

/** The typed error for a non-2xx response and its body text. */
export function errorFromResponse(status: number, headers: Headers, text: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = isErrorBody(body) ? body : undefined;
  const init: ApiErrorInit = {
    status,
    code: parsed?.error ?? `http_${status}`,
    message: parsed?.message ?? (text.trim().slice(0, 200) || `HTTP ${status}`),
    requestId: parsed?.request_id ?? headers.get('x-request-id') ?? undefined,
    issues: parsed?.issues,
    retryAfter: parseRetryAfter(headers.get('retry-after')),
    headers,
  };
  switch (status) {
    case 400:
    case 413:
    case 415:
    case 422:
      return new ValidationError(init);
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new PermissionError(init);
    case 404:
      return new NotFoundError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return new ApiError(init);
  }
}
