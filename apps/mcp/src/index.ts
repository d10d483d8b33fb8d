import { randomUUID } from 'node:crypto';
import { type AuthedCaller, createAdmission, type DoorDeps, unauthorizedMessage } from '@dossier/access';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import { plainToolCall } from './direct-call.js';
import { createMcpServer } from './server.js';
import { type CallState, createToolCaller } from './tool-call.js';

/** The MCP door's dependencies: every door's (`DoorDeps`, 4 MiB bodies by default) and its own checks. */
export interface McpAppDeps extends DoorDeps {
  /** Browser origins allowed to call /mcp; requests with any other Origin are refused (DNS rebinding). */
  allowedOrigins?: string[];
  /** Host header values accepted; empty accepts any (behind a proxy that checks it). */
  allowedHosts?: string[];
}

const json = (status: number, body: object, own: Record<string, string> = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name in own) headers[name] = own[name] as string;
  return new Response(JSON.stringify(body), { status, headers });
};

/** The MCP door: stateless Streamable HTTP at /mcp, one tool per operation. */
export function createMcpApp(deps: McpAppDeps) {
  const app = new Hono();
  const admission = createAdmission(deps);
  const allowedOrigins = new Set(deps.allowedOrigins ?? []);
  const allowedHosts = new Set((deps.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const maxBodyBytes = deps.maxBodyBytes ?? 4 * 1024 * 1024;

  app.on(['GET', 'DELETE'], '/mcp', () =>
    json(
      405,
      { error: 'method_not_allowed', message: 'This server keeps no sessions: send JSON-RPC with POST.' },
      { Allow: 'POST' },
    ),
  );

  app.post('/mcp', async (c) => {
    // Set by the host app's request-id middleware when mounted with the other doors.
    const requestId =
      (c.get('requestId' as never) as string | undefined) ?? c.req.header('x-request-id') ?? randomUUID();
    const origin = c.req.header('origin');
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (origin && !allowedOrigins.has(origin)) {
      return json(403, {
        error: 'forbidden',
        message: `Origin ${origin} is not allowed to use this MCP server.`,
      });
    }
    if (allowedHosts.size > 0 && !allowedHosts.has(host)) {
      return json(403, { error: 'forbidden', message: `Host ${host} is not served here.` });
    }
    const auth = await admission.authenticate({
      authorization: c.req.header('authorization'),
      origin, // the key's own origin list is checked by access, as on REST
      forwardedFor: c.req.header('x-forwarded-for'),
      env: c.env,
    });
    if (!auth.ok) {
      if (auth.code === 'rate_limited') {
        return json(
          429,
          { error: 'rate_limited', message: auth.message },
          { 'Retry-After': String(auth.retryAfter ?? 60), 'X-Request-Id': requestId },
        );
      }
      if (auth.code === 'forbidden') {
        return json(403, { error: 'forbidden', message: auth.message }, { 'X-Request-Id': requestId });
      }
      if (auth.code === 'unauthorized') {
        return json(
          401,
          {
            error: 'unauthorized',
            // A revoked or expired key is named with its reason; anything else gets the set-up hint.
            message:
              auth.message !== unauthorizedMessage
                ? auth.message
                : 'Missing or invalid API key. Configure your MCP client to send the header `Authorization: Bearer dsr_live_...` ' +
                  '(create a key in the Dossier console or with `pnpm dossier keys create`).',
          },
          { 'WWW-Authenticate': 'Bearer realm="dossier"', 'X-Request-Id': requestId },
        );
      }
      throw auth.error;
    }
    const caller: AuthedCaller = auth.caller;
    // The body is read and parsed here, through @hono/node-server's direct path: handing the
    // transport the raw web Request made each call build a full Request and pump a stream.
    const declared = Number(c.req.header('content-length') ?? 0);
    const text = declared > maxBodyBytes ? '' : await c.req.text();
    if (declared > maxBodyBytes || Buffer.byteLength(text) > maxBodyBytes) {
      return json(
        413,
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: `The request body is larger than ${maxBodyBytes} bytes.` },
        },
        { 'X-Request-Id': requestId },
      );
    }
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      return json(
        400,
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON.' } },
        { 'X-Request-Id': requestId },
      );
    }
    const state: CallState = {};
    const rateHeaders = (headers: Record<string, string>) => {
      headers['X-Request-Id'] = requestId;
      if (state.rate) {
        const rate = deps.access.headers(state.rate);
        for (const name in rate) headers[name] = rate[name] as string;
      }
      return headers;
    };

    // The common case, one plain tools/call, is answered here with the same tool code the SDK
    // server uses: building an SDK server and transport per request cost four times the REST door
    // (tooling/bench/README.md, MCP door). Everything else goes through the SDK below.
    const plain = plainToolCall(parsedBody, (name) => c.req.header(name));
    if (plain) {
      const tools = createToolCaller(admission, caller, requestId, state);
      let answer: object;
      try {
        answer = { result: await tools.callTool(plain.name, plain.arguments), jsonrpc: '2.0', id: plain.id };
      } catch (error) {
        const code = error instanceof McpError ? error.code : ErrorCode.InternalError;
        const message = error instanceof McpError ? error.message : 'Internal error';
        answer = { jsonrpc: '2.0', id: plain.id, error: { code, message } };
      }
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: rateHeaders({ 'content-type': 'application/json' }),
      });
    }

    const server = createMcpServer(admission, caller, requestId, state);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const response = await transport.handleRequest(c.req.raw, { parsedBody });
    const body = response.body ? await response.text() : null;
    // No server.close(): the transport is done once it has answered, nothing outlives the request,
    // and closing builds a "connection closed" McpError (with its stack) for every call.
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    rateHeaders(headers);
    return new Response(body, { status: response.status, headers });
  });
  return app;
}
