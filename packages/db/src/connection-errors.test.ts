import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors.js';

const coded = (code: string, cause?: unknown) => Object.assign(new Error('x', { cause }), { code });

describe('isConnectionError', () => {
  it('knows a lost or refused connection, also wrapped as Drizzle wraps the driver error', () => {
    for (const code of [
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECT_TIMEOUT',
      'ECONNREFUSED',
      'ECONNRESET',
    ])
      expect(isConnectionError(coded(code)), code).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: coded('ECONNRESET') }))).toBe(true);
    for (const state of ['08006', '08001', '57P01', '57P03', '53300'])
      expect(isConnectionError(coded(state)), state).toBe(true);
  });

  it('leaves statement errors alone: they are the request or the code at fault', () => {
    for (const state of ['23505', '22P02', '42P01', '57014'])
      expect(isConnectionError(coded(state)), state).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
    expect(isConnectionError('ECONNRESET')).toBe(false);
  });
});
