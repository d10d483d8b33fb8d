import type { Access, AuthedCaller, TrustedProxies } from '@dossier/access';
import type { Database, Jobs, Operation, Verifier, WebhookSettings } from '@dossier/core';
import type { Logger } from './logger.js';

export interface ApiDeps {
  database: Database;
  access: Access;
  log: Logger;
  /** Defaults to core's registry. */
  operations?: readonly Operation[];
  now?: () => Date;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** Background jobs (a runner's `jobs`); absent: stored for a runner elsewhere. */
  jobs?: Jobs;
  verifier?: Verifier;
  webhooks?: WebhookSettings;
  /** Peers whose X-Forwarded-For names the client (failed authentications are limited per client). */
  trustedProxies?: TrustedProxies;
}

export type ApiEnv = {
  Variables: {
    requestId: string;
    caller?: AuthedCaller;
    /** performance.now() when the operation's route began (latency in the request log). */
    startedAt?: number;
    /** Response headers gathered for `respond` (see response.ts). */
    responseHeaders?: Record<string, string>[];
    headersApplied?: boolean;
  };
};
