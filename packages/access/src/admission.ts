import {
  type Context,
  type Database,
  DossierError,
  httpStatusOf,
  isDossierError,
  type Jobs,
  type Logger,
  type Operation,
  operations as registry,
  runOperation,
  type Verifier,
  type WebhookSettings,
} from '@dossier/core';
import type { Access, AuthedCaller } from './access.js';
import { requestClient, type TrustedProxies, trustNone } from './proxy/trusted-proxies.js';
import { retryAfterSeconds } from './rate-limit.js';
import { type LimitOutcome, rateLimitMessage } from './rate-limit-message.js';

/**
 * What every door is built from: the database, the access layer and the services an operation's
 * context carries. The REST, MCP and console doors each take this, plus their own few settings.
 */
export interface DoorDeps<L extends Logger = Logger> {
  database: Database;
  access: Access;
  log: L;
  /** Defaults to core's registry. */
  operations?: readonly Operation[];
  now?: () => Date;
  /** Background jobs (a runner's `jobs`); absent: stored for a runner elsewhere. */
  jobs?: Jobs;
  verifier?: Verifier;
  webhooks?: WebhookSettings;
  /** Peers whose X-Forwarded-For names the client (failed authentications are limited per client). */
  trustedProxies?: TrustedProxies;
  /** Largest request body accepted, in bytes (each door has its own default). */
  maxBodyBytes?: number;
}

/** A refused or failed request, as every door words it: the status REST answers, code, message. */
export interface Refusal {
  ok: false;
  status: number;
  code: string;
  message: string;
  /** Seconds to wait, for `rate_limited` and `unavailable`. */
  retryAfter?: number;
  issues?: { path: string; message: string }[];
  /** The thrown value itself (a door may rethrow it to its own error handler, or log it). */
  error: unknown;
  /** The rate-limit state when the request got that far (for the response headers). */
  rate?: LimitOutcome;
}

export interface Ran {
  ok: true;
  value: unknown;
  /** The status REST answers for this value (201 for a creation, 202 for a job, ...). */
  status: number;
  rate: LimitOutcome;
}

export type Admitted = Ran | Refusal;

/** What a door read from its request to authenticate it. */
export interface Credentials {
  authorization?: string | null;
  origin?: string | null;
  forwardedFor?: string | null;
  /** The server's bindings (@hono/node-server's `c.env`), which carry the socket address. */
  env?: unknown;
}

const internalMessage = 'internal error';

/** The status a thrown value is answered with: a door's own error may carry its status. */
export function statusOfError(error: unknown): number {
  if (!isDossierError(error)) return 500;
  const own = (error as { status?: unknown }).status;
  return typeof own === 'number' ? own : httpStatusOf[error.code];
}

function refusal(error: unknown, rate?: LimitOutcome): Refusal {
  if (!isDossierError(error)) {
    return { ok: false, status: 500, code: 'internal', message: internalMessage, error, rate };
  }
  const out: Refusal = {
    ok: false,
    status: statusOfError(error),
    code: error.code,
    message: error.message,
    error,
  };
  if (error.retryAfter != null) out.retryAfter = error.retryAfter;
  if (error.issues) out.issues = error.issues;
  if (rate) out.rate = rate;
  return out;
}

/**
 * The one admission pipeline for every door: authenticate the key, count the call against the
 * plan (and the key's own cap), run the operation, meter it and log it, and answer an outcome the
 * door only has to format. REST calls it once per request; MCP authenticates once per HTTP request
 * (`tools/list` costs nothing) and runs each tool call through `run`, on its direct path and
 * through the SDK server alike.
 */
export function createAdmission(deps: DoorDeps) {
  const { access, database, log, jobs, verifier, webhooks } = deps;
  const now = deps.now ?? (() => new Date());
  const trust = deps.trustedProxies ?? trustNone;
  // Made once, not per request: `dossier serve` runs under tsx, whose keepNames gives every named
  // closure a `__name` call (a defineProperty) each time one is created.
  const logged = (caller: AuthedCaller, op: Operation, status: number, startedAt: number) =>
    access.requests.record(caller.orgId, caller.keyId, op.name, status, performance.now() - startedAt);

  return {
    operations: deps.operations ?? registry,
    access,
    log,

    /** The caller for a request's key, or why not (401, 403 for an origin, 429 for a flood of bad keys). */
    async authenticate(credentials: Credentials): Promise<{ ok: true; caller: AuthedCaller } | Refusal> {
      try {
        const caller = await access.authenticate({
          authorization: credentials.authorization,
          origin: credentials.origin,
          client: requestClient(credentials.env, credentials.forwardedFor, trust),
        });
        return { ok: true, caller };
      } catch (error) {
        return refusal(error);
      }
    },

    /**
     * Counts one call against the plan, runs the operation with the caller's context and meters
     * it. `input` is read only when the call is admitted (a limited call never reads its body).
     * `startedAt` (performance.now()) is where the logged latency begins.
     */
    async run(
      caller: AuthedCaller,
      op: Operation,
      input: () => unknown,
      requestId: string,
      startedAt = performance.now(),
    ): Promise<Admitted> {
      const rate = await access.limit(caller);
      if (!rate.allowed) {
        access.meter.record(caller.orgId, caller.keyId, op.name, 'rate_limited');
        logged(caller, op, 429, startedAt);
        const retryAfter = retryAfterSeconds(rate);
        return refusal(
          new DossierError('rate_limited', rateLimitMessage(rate, caller.plan), { retryAfter }),
          rate,
        );
      }
      const ctx: Context = { db: database, caller, requestId, log, now, jobs, verifier, webhooks };
      try {
        const value = await runOperation(op, ctx, await input());
        access.meter.record(caller.orgId, caller.keyId, op.name, 'ok');
        const status = op.statusFor?.(value as never) ?? op.successStatus ?? 200;
        logged(caller, op, status, startedAt);
        return { ok: true, value, status, rate };
      } catch (error) {
        access.meter.record(caller.orgId, caller.keyId, op.name, 'error');
        const failed = refusal(error, rate);
        logged(caller, op, failed.status, startedAt);
        return failed;
      }
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
