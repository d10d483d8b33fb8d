import childProcess, { type ChildProcess } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { Writable } from 'node:stream';
import { afterAll } from 'vitest';
import { scanBody, scanHeaders, scanOutput, settle, takeFindings, track, trackHeaders } from './leak-scan.js';

/**
 * Installed in every project's `setupFiles`: sees what a test file's servers produce and fails the
 * file when a whole key or registered secret shows up (leak-scan.ts has the rules).
 *
 * - Responses: every `Response` built in the worker (Hono apps answering `app.request`, REST, MCP
 *   and console) and every answer `fetch` gets (servers in child processes): body and headers.
 * - Log lines: everything written to a `Writable` (pino loggers with a memory or process stream).
 * - Child processes started with `spawn`: stderr, and the log lines on stdout.
 */
const installed = Symbol.for('dossier.leakScan');
const scope = globalThis as typeof globalThis & { [installed]?: boolean };

const decoder = () => new TextDecoder('utf-8', { fatal: false });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const text = decoder();
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + text.decode();
    out += typeof value === 'string' ? value : text.decode(value, { stream: true });
  }
}

function scanBodyInit(body: unknown): ReadableStream<Uint8Array> | undefined {
  if (typeof body === 'string') scanBody('response body', body);
  else if (body instanceof Uint8Array || body instanceof ArrayBuffer)
    scanBody('response body', decoder().decode(body));
  else if (body instanceof URLSearchParams) scanBody('response body', body.toString());
  else if (body instanceof Blob) track(body.text().then((t) => scanBody('response body', t)));
  else if (body instanceof ReadableStream) {
    const [kept, copy] = (body as ReadableStream<Uint8Array>).tee();
    track(readAll(copy).then((t) => scanBody('response body (stream)', t)));
    return kept;
  }
  return undefined;
}

if (!scope[installed]) {
  scope[installed] = true;

  const Original = globalThis.Response;
  class ScannedResponse extends Original {
    constructor(body?: BodyInit | null, init?: ResponseInit) {
      const kept = scanBodyInit(body);
      super(kept ?? body, init);
      trackHeaders(this.headers);
    }
    static override json(data: unknown, init?: ResponseInit): Response {
      return new ScannedResponse(JSON.stringify(data), {
        ...init,
        headers: { 'content-type': 'application/json', ...Object.fromEntries(new Headers(init?.headers)) },
      });
    }
  }
  globalThis.Response = ScannedResponse as typeof Response;

  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await originalFetch(input, init);
    if (!(response instanceof ScannedResponse)) {
      trackHeaders(response.headers);
      if (response.body)
        track(
          response
            .clone()
            .text()
            .then((t) => scanBody('fetched body', t)),
        );
    }
    return response;
  };

  const write = Writable.prototype.write;
  Writable.prototype.write = function (this: Writable, chunk: unknown, ...rest: unknown[]) {
    if (typeof chunk === 'string') scanOutput('log line', chunk, false);
    else if (chunk instanceof Uint8Array) scanOutput('log line', decoder().decode(chunk), false);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof Writable.prototype.write;

  const watch = (child: ChildProcess) => {
    for (const [stream, name, everyLine] of [
      [child.stdout, 'child stdout', false],
      [child.stderr, 'child stderr', true],
    ] as const) {
      if (!stream) continue;
      // Seen as it arrives, without reading: the test's own listeners get every byte as before.
      const push = stream.push.bind(stream);
      let partial = '';
      stream.push = (chunk: unknown, encoding?: BufferEncoding) => {
        if (chunk === null) scanOutput(name, partial, everyLine);
        else {
          const text = partial + (typeof chunk === 'string' ? chunk : decoder().decode(chunk as Uint8Array));
          const cut = text.lastIndexOf('\n');
          scanOutput(name, text.slice(0, cut + 1), everyLine);
          partial = text.slice(cut + 1);
        }
        return push(chunk, encoding);
      };
    }
    return child;
  };
  const spawn = childProcess.spawn;
  childProcess.spawn = ((...args: Parameters<typeof spawn>) => watch(spawn(...args))) as typeof spawn;
  syncBuiltinESMExports();
}

afterAll(async () => {
  await settle();
  scanHeaders();
  const found = takeFindings();
  if (found.length > 0)
    throw new Error(
      `key-leak scan: ${found.length} secret(s) in output:\n${found
        .slice(0, 10)
        .map((f) => `  ${f.where}: ${f.context}`)
        .join('\n')}`,
    );
});
