import {
  type Access,
  rateLimitMessage,
  requestClient,
  retryAfterSeconds,
  type TrustedProxies,
  trustNone,
} from '@dossier/access';
import type { Database, Jobs, Verifier, WebhookSettings } from '@dossier/core';
import { type Context as CoreContext, DossierError, type Operation, runOperation } from '@dossier/core';
import type { Context, Hono } from 'hono';
import { statusOfError } from './errors.js';
import { readInput } from './input.js';
import type { Logger } from './logger.js';
import { addHeaders, respond, respondJson } from './response.js';
import type { ApiEnv } from './types.js';

/** `/v1/company/{domain}` -> `/v1/company/:domain` */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export interface RouteDeps {
  database: Database;
  access: Access;
  log: Logger;
  now: () => Date;
  jobs?: Jobs;
  verifier?: Verifier;
  webhooks?: WebhookSettings;
  trustedProxies?: TrustedProxies;
}

/** Parts of a large download written one after another, without joining them into one string. */
function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const part = parts[next++];
      if (part === undefined) controller.close();
      else controller.enqueue(encoder.encode(part));
    },
  });
}

const elapsed = (c: Context<ApiEnv>) => performance.now() - (c.get('startedAt') ?? performance.now());

/** Authenticates and rate-limits a request; sets the caller and the rate-limit headers. */
export async function admit(
  c: Context<ApiEnv>,
  access: Access,
  operation: string,
  trust: TrustedProxies = trustNone,
) {
  const caller = await access.authenticate({
    authorization: c.req.header('authorization'),
    origin: c.req.header('origin'),
    client: requestClient(c.env, c.req.header('x-forwarded-for'), trust),
  });
  c.set('caller', caller);
  const origin = c.req.header('origin');
  if (origin && caller.origins.includes(origin)) {
    addHeaders(c, { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
  }
  const state = await access.limit(caller);
  addHeaders(c, access.headers(state));
  if (!state.allowed) {
    access.meter.record(caller.orgId, caller.keyId, operation, 'rate_limited');
    access.requests.record(caller.orgId, caller.keyId, operation, 429, elapsed(c));
    const retryAfter = retryAfterSeconds(state);
    throw new DossierError('rate_limited', rateLimitMessage(state, caller.plan), { retryAfter });
  }
  return caller;
}

/** Mounts every operation as a REST route: one translation, the same for all. */
export function registerOperations(app: Hono<ApiEnv>, operations: readonly Operation[], deps: RouteDeps) {
  for (const op of operations) {
    app.on(op.method, honoPath(op.path), async (c) => {
      c.set('startedAt', performance.now());
      const caller = await admit(c, deps.access, op.name, deps.trustedProxies);
      try {
        const ctx: CoreContext = {
          db: deps.database,
          caller,
          requestId: c.get('requestId'),
          log: deps.log,
          now: deps.now,
          jobs: deps.jobs,
          verifier: deps.verifier,
          webhooks: deps.webhooks,
        };
        const output = await runOperation(op, ctx, await readInput(c, op));
        deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'ok');
        const status = op.statusFor?.(output as never) ?? op.successStatus ?? 200;
        deps.access.requests.record(caller.orgId, caller.keyId, op.name, status, elapsed(c));
        if (op.produces) {
          const own: Record<string, string> = {};
          if (op.produces.filename)
            own['content-disposition'] = `attachment; filename="${op.produces.filename}"`;
          const value = (output as Record<string, unknown>)[op.produces.field];
          const body = Array.isArray(value) ? streamOf(value as string[]) : String(value ?? '');
          return respond(c, body, status, op.produces.contentType, own);
        }
        return respondJson(c, output, status);
      } catch (error) {
        deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'error');
        deps.access.requests.record(caller.orgId, caller.keyId, op.name, statusOfError(error), elapsed(c));
        throw error;
      }
    });
  }
}
