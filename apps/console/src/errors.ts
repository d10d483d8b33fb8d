import { type ErrorCode, isDossierError } from '@dossier/core';

const statusOf: Record<ErrorCode, 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503> = {
  invalid_request: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  conflict: 409,
  unavailable: 503,
  internal: 500,
};

/** An HTTP-level refusal raised by the console door itself (CSRF, content type). */
export class ConsoleHttpError extends Error {
  constructor(
    readonly status: 400 | 403 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Status and JSON body for any thrown value; internal faults never show their own text. */
export function errorResponse(error: unknown) {
  if (error instanceof ConsoleHttpError) {
    return { status: error.status, body: { error: error.code, message: error.message } };
  }
  if (isDossierError(error)) {
    return {
      status: statusOf[error.code],
      body: { error: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
      retryAfter: error.retryAfter,
    };
  }
  return { status: 500 as const, body: { error: 'internal', message: 'Something went wrong on our side.' } };
}
