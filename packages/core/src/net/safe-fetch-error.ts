import { DossierError, type ErrorCode } from '../errors.js';

/** Why a fetch was refused or failed; finer than the error code, for logs and tests. */
export type FetchFailure =
  | 'bad_url'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'private_address'
  | 'dns'
  | 'redirects'
  | 'too_large'
  | 'timeout'
  | 'network';

export class SafeFetchError extends DossierError {
  readonly reason: FetchFailure;

  constructor(code: ErrorCode, reason: FetchFailure, message: string, cause?: unknown) {
    super(code, message, { cause });
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

export const isSafeFetchError = (value: unknown): value is SafeFetchError => value instanceof SafeFetchError;
