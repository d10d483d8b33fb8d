import { type Access, type AuthedCaller, type RateState, retryAfterSeconds } from '@dossier/access';
import {
  type Context,
  type Database,
  DossierError,
  isDossierError,
  type Jobs,
  type Logger,
  type Operation,
  runOperation,
  type Verifier,
} from '@dossier/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { prompts } from './prompts.js';
import { resourceTemplates } from './resources.js';
import { toolDefinition } from './tool-schemas.js';

export interface McpDeps {
  database: Database;
  access: Access;
  log: Logger;
  operations: readonly Operation[];
  now: () => Date;
  jobs?: Jobs;
  verifier?: Verifier;
}

export interface CallState {
  /** The last rate-limit outcome in this HTTP request, for the response headers. */
  rate?: RateState;
}

const maxText = 24_000;

// The SDK builds a JSON Schema validator (Ajv) per Server unless given one: a quarter of a
// millisecond per request here, for a validator only used by elicitation. One is shared.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

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

/** A fresh MCP server for one HTTP request (stateless), showing only what the key may use. */
export function createMcpServer(deps: McpDeps, caller: AuthedCaller, requestId: string, state: CallState) {
  // Downloads (`produces`) are REST only: a tool answers JSON.
  const allowed = deps.operations.filter((op) => caller.scopes.has(op.scope) && !op.produces);
  const server = new Server(
    { name: 'dossier', title: 'Dossier', version: '1.0.0' },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      jsonSchemaValidator,
      instructions:
        'Dossier resolves emails, LinkedIn URLs, IPs and domains into people and companies, searches them, verifies ' +
        'email deliverability and reports intent signals. Every plan is flat: credits_used is always 0.',
    },
  );
  const ctx: Context = {
    db: deps.database,
    caller,
    requestId,
    log: deps.log,
    now: deps.now,
    jobs: deps.jobs,
    verifier: deps.verifier,
  };

  async function call(op: Operation, args: unknown): Promise<CallToolResult> {
    const rate = await deps.access.limit(caller);
    state.rate = rate;
    if (!rate.allowed) {
      deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'rate_limited');
      const retry = retryAfterSeconds(rate);
      const message = `Rate limit of ${rate.limit} requests per minute reached. Retry in ${retry} seconds.`;
      return {
        isError: true,
        content: [{ type: 'text', text: `rate_limited: ${message}` }],
        structuredContent: { error: 'rate_limited', message, retry_after_s: retry },
      };
    }
    try {
      const output = await runOperation(op, ctx, args ?? {});
      deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'ok');
      return {
        content: [{ type: 'text', text: textOf(op, output) }],
        structuredContent: output as Record<string, unknown>,
      };
    } catch (error) {
      deps.access.meter.record(caller.orgId, caller.keyId, op.name, 'error');
      if (!isDossierError(error))
        deps.log.error({ request_id: requestId, err: String(error) }, 'tool failed');
      return toolError(error);
    }
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allowed.map(toolDefinition) }));
  // Registered through the base Protocol class: Server's own wrapper would parse the request a
  // second time and the result once more, with zod, on every call. The request is still parsed
  // once (by Protocol), and the result needs no check: it is built here from an output that
  // runOperation has already checked against the operation's schema.
  const setBaseHandler = Object.getPrototypeOf(Server.prototype)
    .setRequestHandler as Server['setRequestHandler'];
  setBaseHandler.call(server, CallToolRequestSchema, async (request) => {
    const op = allowed.find((o) => o.name === request.params.name);
    if (!op) {
      const exists = deps.operations.some((o) => o.name === request.params.name);
      return toolError(
        exists
          ? new DossierError('forbidden', `This key may not use ${request.params.name}.`)
          : new DossierError('not_found', `There is no tool named ${request.params.name}.`),
      );
    }
    return call(op, request.params.arguments);
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: prompts.map(({ name, title, description, arguments: args }) => ({
      name,
      title,
      description,
      arguments: args,
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = prompts.find((p) => p.name === request.params.name);
    if (!prompt)
      throw new McpError(ErrorCode.InvalidParams, `There is no prompt named ${request.params.name}.`);
    const args = request.params.arguments ?? {};
    const missing = prompt.arguments.filter((a) => a.required && !args[a.name]).map((a) => a.name);
    if (missing.length)
      throw new McpError(ErrorCode.InvalidParams, `Missing prompt arguments: ${missing.join(', ')}`);
    return {
      description: prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
    };
  });

  const templates = resourceTemplates.filter((t) => allowed.some((op) => op.name === t.operation));
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: templates.map(({ uriTemplate, name, title, description }) => ({
      uriTemplate,
      name,
      title,
      description,
      mimeType: 'application/json',
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    for (const template of templates) {
      const args = template.match(uri);
      if (!args) continue;
      const op = allowed.find((o) => o.name === template.operation) as Operation;
      const result = await call(op, args);
      if (result.isError)
        throw new McpError(
          ErrorCode.InvalidParams,
          String(result.content[0]?.type === 'text' ? result.content[0].text : 'error'),
        );
      return {
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(result.structuredContent) }],
      };
    }
    throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri}`);
  });
  return server;
}
