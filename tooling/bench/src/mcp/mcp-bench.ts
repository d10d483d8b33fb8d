/**
 * The MCP door against the REST door for the same cheap operation, in one run, over HTTP
 * under autocannon (50 connections): tool calls per second and p99 through /mcp (stateless
 * Streamable HTTP, a fresh server per request) against GET /v1/ping.
 */
import { createAccess, provisionKey } from '@dossier/access';
import { createLogger, newApp, registerApi } from '@dossier/api';
import { silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { createMcpApp } from '@dossier/mcp';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { ping } from '../access/ping.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const unlimited = { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 };

const database = await createDatabase();
await database.migrate();
const access = createAccess({
  database,
  hashSecret: 'bench',
  log: silentLogger,
  singleProcess: true,
  planLimits: unlimited,
});
const { key } = await provisionKey(database.db, access.keys, { org: 'bench-mcp', plan: 'enterprise' });
const log = createLogger('silent');
const app = newApp(log);
const deps = { database, access, log, operations: [ping as never] };
app.route('/', createMcpApp(deps));
registerApi(app, deps);
const server = serve({ fetch: app.fetch, port: 0 });
await new Promise((r) => setTimeout(r, 100));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const auth = { authorization: `Bearer ${key}` };

const call = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'ping', arguments: {} },
});
const probe = await fetch(`${base}/mcp`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: call,
});
const probeBody = await probe.text();
if (!probe.ok || !probeBody.includes('pong'))
  throw new Error(`MCP probe failed: ${probe.status} ${probeBody}`);

const run = async (title: string, opts: autocannon.Options) => {
  // The load generator runs in a worker thread, off the server's event loop.
  const r = await autocannon({ connections: 50, duration: seconds, workers: 1, ...opts });
  console.log(
    `  ${title}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
  );
  return r;
};
console.log(
  `MCP vs REST, ${new Date().toISOString()}, node ${process.version}, ${seconds}s each, 50 connections`,
);
const rest = await run('REST GET /v1/ping', { url: `${base}/v1/ping`, headers: auth });
const mcp = await run('MCP tools/call ping', {
  url: `${base}/mcp`,
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: call,
});
console.log(
  `  MCP cost per call relative to REST: ${(rest.requests.average / mcp.requests.average).toFixed(2)}x (target <= 2x)`,
);
server.close();
await access.close();
await database.close();
