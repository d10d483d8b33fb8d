import { randomUUID } from 'node:crypto';
import type { Access } from '@dossier/access';
import {
  type Database,
  isDossierError,
  type Jobs,
  type Logger,
  type Operation,
  operations as registry,
  type Verifier,
} from '@dossier/core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { type CallState, createMcpServer } from './server.js';

export interface McpAppDeps {
  database: Database;
  access: Access;
  log: Logger;
  operations?: readonly Operation[];
  now?: () => Date;
  jobs?: Jobs;
  verifier?: Verifier;
  /** Browser origins allowed to call /mcp; requests with any other Origin are refused (DNS rebinding). */
  allowedOrigins?: string[];
  /** Host header values accepted; empty accepts any (behind a proxy that checks it). */
  allowedHosts?: string[];
}

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The MCP door: stateless Streamable HTTP at /mcp, one tool per operation. */
export function createMcpApp(deps: McpAppDeps) {
  const app = new Hono();
  const operations = deps.operations ?? registry;
  const now = deps.now ?? (() => new Date());
  const allowedOrigins = new Set(deps.allowedOrigins ?? []);
  const allowedHosts = new Set((deps.allowedHosts ?? []).map((h) => h.toLowerCase()));

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
    let caller: Awaited<ReturnType<Access['authenticate']>>;
    try {
      caller = await deps.access.authenticate({ authorization: c.req.header('authorization'), origin: null });
    } catch (error) {
      if (isDossierError(error) && error.code === 'unauthorized') {
        return json(
          401,
          {
            error: 'unauthorized',
            message:
              'Missing or invalid API key. Configure your MCP client to send the header `Authorization: Bearer dsr_live_...` ' +
              '(create a key in the Dossier console or with `pnpm dossier keys create`).',
          },
          { 'WWW-Authenticate': 'Bearer realm="dossier"', 'X-Request-Id': requestId },
        );
      }
      throw error;
    }
    const state: CallState = {};
    const server = createMcpServer(
      {
        database: deps.database,
        access: deps.access,
        log: deps.log,
        operations,
        now,
        jobs: deps.jobs,
        verifier: deps.verifier,
      },
      caller,
      requestId,
      state,
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const response = await transport.handleRequest(c.req.raw);
    const headers = new Headers(response.headers);
    headers.set('X-Request-Id', requestId);
    if (state.rate)
      for (const [name, value] of Object.entries(deps.access.headers(state.rate))) headers.set(name, value);
    await server.close();
    return new Response(response.body, { status: response.status, headers });
  });
  return app;
}
