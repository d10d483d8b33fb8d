import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, RateLimitError } from './errors.js';
import type { RateLimit } from './rate-limit.js';
import { backoffMs, send, type TransportOptions } from './transport.js';

// A scripted server: each request takes the next answer; it records what it was sent.
let script: ((req: IncomingMessage, res: ServerResponse) => void)[] = [];
const seen: { method?: string; url?: string; headers: IncomingMessage['headers'] }[] = [];
const srv = createServer((req, res) => {
  seen.push({ method: req.method, url: req.url, headers: req.headers });
  const next = script.shift();
  if (next) next(req, res);
  else res.writeHead(500).end('{"error":"internal","message":"script ran out"}');
});
let options: TransportOptions;
const states: RateLimit[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  options = {
    apiKey: 'dsr_live_k',
    baseUrl: `http://127.0.0.1:${(srv.address() as { port: number }).port}`,
    timeoutMs: 2_000,
    maxRetries: 2,
    maxRetryAfterMs: 5_000,
    fetch: (url, init) => fetch(url, init),
    onRateLimit: (s) => states.push(s),
  };
});
afterAll(() => srv.close());

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('send', () => {
  it('retries 5xx with backoff for a safe request and returns the success', async () => {
    script = [
      json(503, { error: 'unavailable', message: 'busy' }),
      json(502, { error: 'x', message: 'y' }),
      json(200, { ok: 1 }),
    ];
    seen.length = 0;
    expect(await send(options, { method: 'GET', path: '/v1/usage', retryable: true })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(3);
    expect(seen[0]?.headers.authorization).toBe('Bearer dsr_live_k');
  });

  it('never retries an unsafe request', async () => {
    script = [
      json(503, { error: 'unavailable', message: 'busy', request_id: 'req_1' }),
      json(200, { ok: 1 }),
    ];
    seen.length = 0;
    const error = await send(options, {
      method: 'POST',
      path: '/v1/x',
      body: { a: 1 },
      retryable: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'unavailable', requestId: 'req_1' });
    expect(seen).toHaveLength(1);
    script = [];
  });

  it('waits Retry-After on 429 and reads the rate-limit headers', async () => {
    const limited = {
      'retry-after': '1',
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1900000000',
    };
    script = [
      json(429, { error: 'rate_limited', message: 'slow down' }, limited),
      json(200, { ok: 2 }, { ...limited, 'x-ratelimit-remaining': '9' }),
    ];
    states.length = 0;
    const started = Date.now();
    expect(await send(options, { method: 'GET', path: '/v1/usage', retryable: true })).toEqual({ ok: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(states).toEqual([
      { limit: 10, remaining: 0, reset: 1900000000 },
      { limit: 10, remaining: 9, reset: 1900000000 },
    ]);
  });

  it('throws a 429 at once when Retry-After is longer than it may wait', async () => {
    script = [json(429, { error: 'rate_limited', message: 'later' }, { 'retry-after': '3600' })];
    const error = await send(options, { method: 'GET', path: '/v1/usage', retryable: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
  });

  it('reports a non-JSON error body and the request id header', async () => {
    script = [(_, res) => res.writeHead(500, { 'x-request-id': 'req_2' }).end('<html>oops</html>')];
    const error = await send(
      { ...options, maxRetries: 0 },
      { method: 'GET', path: '/', retryable: true },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'http_500', requestId: 'req_2' });
  });
});

describe('backoffMs', () => {
  it('grows exponentially, is capped, and is jittered', () => {
    expect(backoffMs(0, () => 1)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(4_000);
    expect(backoffMs(10, () => 1)).toBe(8_000);
    expect(backoffMs(3, () => 0.5)).toBe(2_000);
    expect(backoffMs(3, () => 0)).toBe(0);
  });
});
