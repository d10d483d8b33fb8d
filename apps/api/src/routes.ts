import type { Admission } from '@dossier/access';
import type { Operation } from '@dossier/core';
import type { Hono } from 'hono';
import { readInput } from './input.js';
import { addHeaders, respond, respondJson } from './response.js';
import type { ApiEnv } from './types.js';

/** `/v1/company/{domain}` -> `/v1/company/:domain` */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

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

/**
 * Mounts every operation as a REST route: admission (access's one pipeline) decides and runs,
 * the route only formats its outcome. A refusal is rethrown to the app's error handler
 * (`newApp`), which words every error the same way.
 */
export function registerOperations(
  app: Hono<ApiEnv>,
  operations: readonly Operation[],
  admission: Admission,
) {
  const { access } = admission;
  for (const op of operations) {
    app.on(op.method, honoPath(op.path), async (c) => {
      const started = performance.now();
      const origin = c.req.header('origin');
      const auth = await admission.authenticate({
        authorization: c.req.header('authorization'),
        origin,
        forwardedFor: c.req.header('x-forwarded-for'),
        env: c.env,
      });
      if (!auth.ok) throw auth.error;
      const { caller } = auth;
      c.set('caller', caller);
      if (origin && caller.origins.includes(origin)) {
        addHeaders(c, { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
      }
      const outcome = await admission.run(caller, op, () => readInput(c, op), c.get('requestId'), started);
      if (outcome.rate) addHeaders(c, access.headers(outcome.rate));
      if (!outcome.ok) throw outcome.error;
      const { value, status } = outcome;
      if (op.produces) {
        const own: Record<string, string> = {};
        if (op.produces.filename)
          own['content-disposition'] = `attachment; filename="${op.produces.filename}"`;
        const field = (value as Record<string, unknown>)[op.produces.field];
        const body = Array.isArray(field) ? streamOf(field as string[]) : String(field ?? '');
        return respond(c, body, status, op.produces.contentType, own);
      }
      return respondJson(c, value, status);
    });
  }
}
