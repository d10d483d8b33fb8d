import type { Database } from '@dossier/db';
import type { Scope } from './scopes.js';

/** Who is calling: resolved by the access layer before any operation runs. */
export interface Caller {
  orgId: string;
  projectId: string;
  keyId: string;
  scopes: ReadonlySet<Scope>;
}

/** The minimal logger surface core needs; pino satisfies it. */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Everything an operation handler may touch. Built per request by a door. */
export interface Context {
  db: Database;
  caller: Caller;
  requestId: string;
  log: Logger;
  now: () => Date;
}

export const canSeePii = (caller: Caller): boolean => caller.scopes.has('pii');
