import type { Database } from '@dossier/db';
import type { Jobs } from './jobs/types.js';
import type { Scope } from './scopes.js';
import type { Verifier } from './verify/verifier.js';

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
  /** Background jobs; absent: jobs are stored and wait for a runner on the same database. */
  jobs?: Jobs;
  /** Email verification; absent: a default verifier with a database cache. */
  verifier?: Verifier;
  /** Webhook settings; absent: no private receivers, and deliveries wait for the worker's next poll. */
  webhooks?: WebhookSettings;
}

export interface WebhookSettings {
  /** Operator setting for local testing: private addresses or CIDR ranges a subscription may point at. */
  allowPrivate?: readonly string[];
  /** Wakes this process's delivery worker (a test event or replay goes out at once). */
  wake?: () => void;
}

export const canSeePii = (caller: Caller): boolean => caller.scopes.has('pii');
