import { httpStatusOf, isDossierError } from '@dossier/core';

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
      status: httpStatusOf[error.code],
      body: { error: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
      retryAfter: error.retryAfter,
    };
  }
  return { status: 500 as const, body: { error: 'internal', message: 'Something went wrong on our side.' } };
}
