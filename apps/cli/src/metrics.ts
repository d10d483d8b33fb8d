import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Operation, operations as registry } from '@dossier/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { Metrics } from './runtime/metrics.js';

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Times every request into `metrics`, labelled by what was asked: the operation's name for
 * /v1 routes, else one of a few fixed names (`mcp`, `console`, ...), so the label set stays small
 * whatever paths clients send.
 */
export function requestMetrics(
  metrics: Metrics,
  operations: readonly Operation[] = registry,
): MiddlewareHandler {
  const names = new Map(operations.map((op) => [`${op.method} ${honoPath(op.path)}`, op.name]));
  const label = (c: Context) => {
    const path = c.req.path;
    if (path.startsWith('/v1/')) {
      // routePath is the pattern of the handler that answered (after next()).
      return (
        names.get(`${c.req.method} ${c.req.routePath}`) ??
        (path === '/v1/openapi.json' ? 'openapi' : 'unmatched')
      );
    }
    if (path === '/mcp') return 'mcp';
    if (path === '/healthz' || path === '/readyz') return 'health';
    if (path === '/docs') return 'docs';
    if (path.startsWith('/console/')) return 'console_api';
    return 'console';
  };
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observeRequest(label(c), c.res.status, (performance.now() - started) / 1000);
  };
}

/** `GET /metrics` on a port of its own (METRICS_PORT), so it is never on the public one. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export const metricsUrl = (server: Server) => {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
};
