import { type AuthedCaller, rateLimitMessage, retryAfterSeconds } from '@dossier/access';
import {
  type Context,
  DossierError,
  errorSummary,
  httpStatusOf,
  isDossierError,
  type Operation,
  runOperation,
} from '@dossier/core';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { downloadResult } from './downloads.js';
import type { CallState, McpDeps } from './server.js';

const maxText = 24_000;

function textOf(op: Operation, output: unknown): string {
  const json = JSON.stringify(output);
  const summary = op.summarize?.(output as never);
  const body =
    json.length > maxText
      ? `${json.slice(0, maxText)}… (truncated; the full result is in structuredContent)`
      : json;
  return summary ? `${summary}\n\n${body}` : body;
}

/** Mistakes a model can fix come back as tool results; the rest are protocol errors. */
function toolError(error: unknown): CallToolResult {
  if (isDossierError(error) && error.code !== 'unauthorized' && error.code !== 'internal') {
    const structured: Record<string, unknown> = { error: error.code, message: error.message };
    if (error.issues) structured.issues = error.issues;
    if (error.retryAfter != null) structured.retry_after_s = error.retryAfter;
    return {
      isError: true,
      content: [{ type: 'text', text: `${error.code}: ${error.message}` }],
      structuredContent: structured,
    };
  }
  if (isDossierError(error) && error.code === 'unauthorized')
    throw new McpError(ErrorCode.InvalidRequest, error.message);
  throw new McpError(ErrorCode.InternalError, 'Internal error');
}

/**
 * Tool calls for one caller: the tools its scopes allow, and a call that counts against the
 * plan, meters, runs the operation and shapes the result (or the error a model can fix).
 * Used by the SDK server's tools/call handler and by the door's direct path for plain calls.
 */
export function createToolCaller(deps: McpDeps, caller: AuthedCaller, requestId: string, state: CallState) {
  const allowed = deps.operations.filter((op) => caller.scopes.has(op.scope));
  const ctx: Context = {
    db: deps.database,
    caller,
    requestId,
    log: deps.log,
    now: deps.now,
    jobs: deps.jobs,
    verifier: deps.verifier,
    webhooks: deps.webhooks,
  };

  /** Counts the call against the plan, runs the operation and meters it; a failure is a tool result. */
  async function invoke(
    op: Operation,
    args: unknown,
  ): Promise<{ output: unknown; failed?: undefined } | { failed: CallToolResult }> {
    const started = performance.now();
    // MCP answers tool failures inside a 200; the log keeps the status REST would have given.
    const logged = (status: number) =>
      deps.access.requests.record(caller.orgId, caller.keyId, op.name, status, performance.now() - started);
    const rate = await deps.access.limit(caller);
    state.rate = rate;
    if (!rate.allowed) {
      deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'rate_limited');
      logged(429);
      const retry = retryAfterSeconds(rate);
      const message = rateLimitMessage(rate, caller.plan);
      return {
        failed: {
          isError: true,
          content: [{ type: 'text', text: `rate_limited: ${message}` }],
          structuredContent: { error: 'rate_limited', message, retry_after_s: retry },
        },
      };
    }
    try {
      const output = await runOperation(op, ctx, args ?? {});
      deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'ok');
      logged(200);
      return { output };
    } catch (error) {
      deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'error');
      logged(isDossierError(error) ? httpStatusOf[error.code] : 500);
      if (!isDossierError(error))
        deps.log.error({ request_id: requestId, tool: op.name, err: errorSummary(error) }, 'tool failed');
      return { failed: toolError(error) };
    }
  }

  async function call(op: Operation, args: unknown): Promise<CallToolResult> {
    const outcome = await invoke(op, args);
    if (outcome.failed) return outcome.failed;
    if (op.produces) return downloadResult(op, (args ?? {}) as Record<string, unknown>, outcome.output);
    return {
      content: [{ type: 'text', text: textOf(op, outcome.output) }],
      structuredContent: outcome.output as Record<string, unknown>,
    };
  }

  async function callTool(name: string, args: unknown): Promise<CallToolResult> {
    const op = allowed.find((o) => o.name === name);
    if (op) return call(op, args);
    const exists = deps.operations.some((o) => o.name === name);
    return toolError(
      exists
        ? new DossierError('forbidden', `This key may not use ${name}.`)
        : new DossierError('not_found', `There is no tool named ${name}.`),
    );
  }

  return { allowed, call, callTool, invoke };
}
