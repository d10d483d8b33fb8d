import type { Admission, AuthedCaller } from '@dossier/access';
import { apiVersion, type Operation } from '@dossier/core';
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
import type { z } from 'zod';
import { downloadContents, matchDownload } from './downloads.js';
import { prompts } from './prompts.js';
import { resourceTemplates } from './resources.js';
import { type CallState, createToolCaller } from './tool-call.js';
import { toolDefinition } from './tool-schemas.js';

// The SDK builds a JSON Schema validator (Ajv) per Server unless given one: a quarter of a
// millisecond per request here, for a validator only used by elicitation. One is shared.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

const isZodError = (error: unknown): error is z.ZodError =>
  typeof error === 'object' &&
  error !== null &&
  /ZodError$/.test(String((error as { name?: unknown }).name)) &&
  Array.isArray((error as z.ZodError).issues);

/**
 * The SDK parses each request with its method's schema before the handler runs (its own
 * `initialize` too) and answers a mismatch (`arguments` that is not an object, a `uri` that is
 * not text, an `initialize` without `protocolVersion`) as -32603 internal error. Those are the
 * caller's mistakes: every handler is wrapped so they are -32602 naming each field.
 */
function answerBadParamsAsInvalid(server: Server) {
  // The SDK keeps its handlers in a private map; this is the one place that reaches it.
  const handlers = (server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (error) {
        // The SDK's zod may be another copy than ours: recognised by shape, not by class.
        if (!isZodError(error)) throw error;
        const fields = error.issues
          .map((issue) => `${issue.path.map(String).join('.') || 'request'}: ${issue.message}`)
          .join('; ');
        throw new McpError(ErrorCode.InvalidParams, `Invalid ${method} request: ${fields}`);
      }
    });
  }
}

/** A fresh MCP server for one HTTP request (stateless), showing only what the key may use. */
export function createMcpServer(
  admission: Admission,
  caller: AuthedCaller,
  requestId: string,
  state: CallState,
) {
  const server = new Server(
    { name: 'dossier', title: 'Dossier', version: apiVersion },
    {
      capabilities: { tools: {}, prompts: {}, resources: {} },
      jsonSchemaValidator,
      instructions:
        'Dossier resolves emails, LinkedIn URLs, IPs and domains into people and companies, searches them, verifies ' +
        'email deliverability and reports intent signals. Every plan is flat: credits_used is always 0. ' +
        'A call that fails answers isError: true with {error, message, issues: [{path, message}], retry_after_s} ' +
        'in structuredContent: error is invalid_request (fix the fields in issues), not_found, forbidden, ' +
        'conflict or rate_limited (wait retry_after_s).',
    },
  );
  const tools = createToolCaller(admission, caller, requestId, state);
  const { allowed, call, invoke } = tools;

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allowed.map(toolDefinition) }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    tools.callTool(request.params.name, request.params.arguments),
  );

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
  const downloads = allowed.filter((op) => op.produces);
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      ...templates.map(({ uriTemplate, name, title, description }) => ({
        uriTemplate,
        name,
        title,
        description,
        mimeType: 'application/json',
      })),
      ...downloads.map((op) => ({
        uriTemplate: op.produces?.resource as string,
        name: op.name,
        title: op.title,
        description: `${op.summary}. The file comes in parts of about 1 MiB: join their text in order.`,
        mimeType: op.produces?.contentType.split(';')[0] ?? 'text/csv',
      })),
    ],
  }));
  const failure = (result: CallToolResult) =>
    new McpError(
      ErrorCode.InvalidParams,
      String(result.content[0]?.type === 'text' ? result.content[0].text : 'error'),
    );
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    for (const op of downloads) {
      const args = matchDownload(op, uri);
      if (!args) continue;
      const outcome = await invoke(op, args);
      if (outcome.failed) throw failure(outcome.failed);
      return { contents: downloadContents(op, uri, outcome.output) };
    }
    for (const template of templates) {
      const args = template.match(uri);
      if (!args) continue;
      const op = allowed.find((o) => o.name === template.operation) as Operation;
      const result = await call(op, args);
      if (result.isError) throw failure(result);
      return {
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(result.structuredContent) }],
      };
    }
    throw new McpError(ErrorCode.InvalidParams, `Unknown resource ${uri}`);
  });
  answerBadParamsAsInvalid(server);
  return server;
}
