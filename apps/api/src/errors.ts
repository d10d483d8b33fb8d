import { DossierError, httpStatusOf, isDossierError } from '@dossier/core';

export interface ErrorBody {
  error: string;
  message: string;
  issues?: { path: string; message: string }[];
  request_id?: string;
}

/** The JSON body for any thrown value. Internal faults never show their own text. */
export function errorBodyOf(error: unknown, requestId: string): { status: number; body: ErrorBody } {
  if (isDossierError(error)) {
    const body: ErrorBody = { error: error.code, message: error.message, request_id: requestId };
    if (error.issues) body.issues = error.issues;
    return { status: httpStatusOf[error.code], body };
  }
  return {
    status: 500,
    body: {
      error: 'internal',
      message: `Something went wrong on our side. Quote request id ${requestId} when reporting it.`,
      request_id: requestId,
    },
  };
}

/** Errors the HTTP door raises itself, before any operation runs. */
export class HttpError extends DossierError {
  constructor(
    readonly status: 400 | 405 | 413 | 415,
    readonly label: string,
    message: string,
  ) {
    super('invalid_request', message);
  }
}
