import type { Admission, AuthedCaller, RateState, Refusal } from '@dossier/access';
import { errorSummary, isDossierError, type Operation } from '@dossier/core';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { downloadResult } from './downloads.js';

const maxText = 24_000;

export interface CallState {
  /** The last rate-limit outcome in this HTTP request, for the response headers. */
  rate?: RateState;
}

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
function toolError(refused: Pick<Refusal, 'code' | 'message' | 'issues' | 'retryAfter'>): CallToolResult {
  if (refused.code === 'unauthorized') throw new McpError(ErrorCode.InvalidRequest, refused.message);
  if (refused.code === 'internal') throw new McpError(ErrorCode.InternalError, 'Internal error');
  const structured: Record<string, unknown> = { error: refused.code, message: refused.message };
  if (refused.issues) structured.issues = refused.issues;
  if (refused.retryAfter != null) structured.retry_after_s = refused.retryAfter;
  return {
    isError: true,
    content: [{ type: 'text', text: `${refused.code}: ${refused.message}` }],
    structuredContent: structured,
  };
}

/**
 * Tool calls for one caller: the tools its scopes allow, each call run through access's admission
 * pipeline (limit, run, meter) and its outcome shaped as a tool result (or the error a model can
 * fix). Used by the SDK server's tools/call handler and by the door's direct path for plain calls.
 */
export function createToolCaller(
  admission: Admission,
  caller: AuthedCaller,
  requestId: string,
  state: CallState,
) {
  const allowed = admission.operations.filter((op) => caller.scopes.has(op.scope));

  /** Admits and runs one call; a refusal or failure is a tool result. */
  async function invoke(
    op: Operation,
    args: unknown,
  ): Promise<{ output: unknown; failed?: undefined } | { failed: CallToolResult }> {
    const outcome = await admission.run(caller, op, () => args ?? {}, requestId);
    if (outcome.rate) state.rate = outcome.rate;
    if (outcome.ok) return { output: outcome.value };
    if (!isDossierError(outcome.error)) {
      admission.log.error(
        { request_id: requestId, tool: op.name, err: errorSummary(outcome.error) },
        'tool failed',
      );
    }
    return { failed: toolError(outcome) };
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
    const exists = admission.operations.some((o) => o.name === name);
    return toolError(
      exists
        ? { code: 'forbidden', message: `This key may not use ${name}.` }
        : { code: 'not_found', message: `There is no tool named ${name}.` },
    );
  }

  return { allowed, call, callTool, invoke };
}
