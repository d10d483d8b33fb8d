/** postgres.js's own codes for a connection that closed, ended, was destroyed or never opened. */
const driverCodes = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), shutting down or
 * starting up (57P01-57P03), too many connections (53300).
 */
const unavailableState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300';

/**
 * True when a database call failed because the database could not be reached (the error, or an
 * error it wraps: Drizzle puts the driver's in `cause`), not because of the statement. Such a
 * request can be answered "try again shortly" instead of "internal error".
 */
export function isConnectionError(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; depth < 5 && at && typeof at === 'object'; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && (driverCodes.has(code) || unavailableState(code))) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}
