import type { Context } from './context.js';
import { DossierError, outageAware } from './errors.js';
import type { Operation } from './operation.js';
import { outputCheck } from './shared/output-check.js';
import { validate } from './shared/validate.js';

/**
 * The one way an operation runs, whichever door it came through: scope first, then input
 * validation, the handler, and a check that the output keeps the documented contract.
 */
export async function runOperation(op: Operation, ctx: Context, raw: unknown): Promise<unknown> {
  if (!ctx.caller.scopes.has(op.scope)) {
    throw new DossierError('forbidden', `This key lacks the \`${op.scope}\` scope needed for ${op.name}.`);
  }
  const input = validate(op.input, raw);
  let value: unknown;
  try {
    value = await handle(op, ctx, input);
  } catch (error) {
    // A lost database connection is an outage to retry through, not a fault of the request.
    throw outageAware(error);
  }
  // An answer already in its documented shape is answered as it is (what zod would copy it into);
  // anything else is parsed, which strips undocumented fields or finds the fault.
  if (outputCheck(op.output)?.(value)) return value;
  const result = op.output.safeParse(value);
  if (result.success) return result.data;
  // Our own fault: log the detail, show nothing of it.
  ctx.log.error(
    { operation: op.name, issues: result.error.issues.slice(0, 5) },
    'operation output failed its schema',
  );
  throw new DossierError('internal', 'internal error');
}

/**
 * Runs the handler on the database the operation may read from: a replica for reads that
 * tolerate lag (unless this organization just wrote), the primary otherwise. Anything that may
 * write keeps its organization's reads on the primary for a while, so it reads its own writes.
 */
async function handle(op: Operation, ctx: Context, input: unknown): Promise<unknown> {
  const primary = ctx.db;
  const mayUseReplica =
    typeof op.replicaReads === 'function' ? op.replicaReads(ctx, input as never) : op.replicaReads === true;
  const db = mayUseReplica && primary.reader ? primary.reader(ctx.caller.orgId) : primary;
  try {
    return await op.handler(db === primary ? ctx : { ...ctx, db }, input as never);
  } finally {
    if (!op.readOnly) primary.noteWrite?.(ctx.caller.orgId);
  }
}
