import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, Dossier, RateLimitError, TimeoutError } from '../src/index.js';
import { server } from './helpers.js';

const listen = (srv: Server) =>
  new Promise<number>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve((srv.address() as { port: number }).port)),
  );

describe('429 with Retry-After from the real server', () => {
  it('throws RateLimitError with retryAfter when retries are off, then waits it out and succeeds', async () => {
    const { limitedKey, baseUrl } = server();
    const strict = new Dossier({ apiKey: limitedKey, baseUrl, maxRetries: 0 });
    // Set-up spent this minute's one request; if that minute has passed, the first call spends the next.
    let error: unknown;
    for (let i = 0; i < 2 && !error; i++)
      error = await strict.company('northwind.example').then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RateLimitError);
    const retryAfter = (error as RateLimitError).retryAfter as number;
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(strict.rateLimit).toMatchObject({ limit: 1, remaining: 0 });

    let attempts = 0;
    const patient = new Dossier({
      apiKey: limitedKey,
      baseUrl,
      maxRetries: 2,
      fetch: (url, init) => {
        attempts++;
        return fetch(url, init);
      },
    });
    const started = Date.now();
    const company = await patient.company('northwind.example');
    expect(company.domain).toBe('northwind.example');
    expect(attempts).toBe(2);
    // It waited for the server's Retry-After (less the second or so already spent above).
    expect(Date.now() - started).toBeGreaterThanOrEqual((retryAfter - 2) * 1000);
    expect(patient.rateLimit).toMatchObject({ limit: 1, remaining: 0 });
  }, 120_000);
});

describe('timeouts and network retries', () => {
  const sockets = new Set<Socket>();
  let connections = 0;
  // Accepts every connection and never answers.
  const silent = createServer((socket) => {
    connections++;
    sockets.add(socket);
  });
  let port = 0;
  beforeAll(async () => {
    port = await listen(silent);
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('gives up with TimeoutError after timeoutMs, retrying a safe call', async () => {
    const dossier = new Dossier({
      apiKey: 'dsr_live_test',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 300,
      maxRetries: 1,
    });
    connections = 0;
    const started = Date.now();
    const error = await dossier.company('northwind.example').catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
    expect(connections).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(600);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('a per-call timeout wins, and an abort signal cancels without retrying', async () => {
    const dossier = new Dossier({
      apiKey: 'dsr_live_test',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 60_000,
    });
    await expect(dossier.usage({}, { timeoutMs: 200, maxRetries: 0 })).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(dossier.usage({}, { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('retries a refused connection with backoff, then throws ConnectionError', async () => {
    const closed = createServer();
    const refused = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    let attempts = 0;
    const dossier = new Dossier({
      apiKey: 'dsr_live_test',
      baseUrl: `http://127.0.0.1:${refused}`,
      maxRetries: 2,
      fetch: (url, init) => {
        attempts++;
        return fetch(url, init);
      },
    });
    const error = await dossier.company('northwind.example').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(attempts).toBe(3);
  });
});
