import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type DnsResolverLike, isHostname, systemResolver } from './dns-resolver.js';
import { blockedReason, inAnyRange, unmapIp } from './ip-ranges.js';
import { SafeFetchError } from './safe-fetch-error.js';

export const defaultUserAgent = 'DossierBot/1.0 (+https://github.com/dossier; technographics)';

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  /** Sent with POST (webhook deliveries); `content-type` goes in `headers`. */
  body?: string | Buffer;
  /** False: a redirect is answered as it is (its status and headers) instead of followed. Default true. */
  followRedirects?: boolean;
  headers?: Record<string, string>;
  userAgent?: string;
  /** Total time for every hop, DNS included. Default 10 s. */
  timeoutMs?: number;
  /** Largest decoded body accepted. Default 2 MiB. */
  maxBytes?: number;
  /** Past `maxBytes`: fail (`unavailable`, reason `too_large`; the default) or keep the first `maxBytes`. */
  onTooLarge?: 'error' | 'truncate';
  /** Default 5. */
  maxRedirects?: number;
  resolver?: DnsResolverLike;
  /** Ports that may be connected to. Default 80, 443, 8080, 8443. */
  ports?: readonly number[] | 'any';
  /**
   * TEST ONLY: addresses or CIDR ranges allowed although private (`['127.0.0.1']`). Never set this from
   * user input; production code leaves it empty.
   */
  allowPrivate?: readonly string[];
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  /** The URL of the final hop. */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Raw `Set-Cookie` lines. */
  setCookies: string[];
  body: Buffer;
  truncated: boolean;
  /** Every URL redirected to, in order. */
  redirects: string[];
  /** The IP address the final hop connected to. */
  address: string;
  /** The body decoded with the charset of `content-type` (UTF-8 when absent or unknown). */
  text(): string;
}

interface Pinned {
  address: string;
  family: 4 | 6;
}

const defaultPorts = [80, 443, 8080, 8443];
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * GET a user-given URL without letting it reach private networks: the host is resolved here, every
 * address is checked, and the connection is pinned to the checked addresses (a second DNS answer
 * cannot redirect it: DNS rebinding). Redirects are followed by hand, each hop checked again.
 */
export const safeFetch = async (
  input: string,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResponse> => {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(new SafeFetchError('unavailable', 'timeout', `fetch timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onOuterAbort();
  else options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = controller.signal;
  try {
    let url = parseTarget(input, 'invalid_request');
    const redirects: string[] = [];
    for (let hop = 0; ; hop++) {
      const pinned = await abortable(vetHost(url, options), signal);
      const { response, address } = await request(url, pinned, options, signal);
      const location = response.headers.location;
      if (redirectStatuses.has(response.statusCode ?? 0) && location && options.followRedirects !== false) {
        response.destroy();
        if (hop >= (options.maxRedirects ?? 5)) {
          throw new SafeFetchError(
            'unavailable',
            'redirects',
            `more than ${options.maxRedirects ?? 5} redirects`,
          );
        }
        url = parseTarget(new URL(location, url).href, 'forbidden');
        redirects.push(url.href);
        continue;
      }
      const { body, truncated } = await readBody(response, options, signal);
      const headers = flattenHeaders(response);
      return {
        url: url.href,
        status: response.statusCode ?? 0,
        headers,
        setCookies: response.headers['set-cookie'] ?? [],
        body,
        truncated,
        redirects,
        address,
        text: () => decode(body, headers['content-type']),
      };
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof SafeFetchError)) throw signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
};

const parseTarget = (raw: string, schemeCode: 'invalid_request' | 'forbidden'): URL => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('invalid_request', 'bad_url', `not a URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError(
      schemeCode,
      'scheme',
      `only http and https URLs may be fetched, not ${url.protocol}`,
    );
  }
  if (url.username || url.password) {
    throw new SafeFetchError(schemeCode, 'credentials', 'URLs with credentials are not fetched');
  }
  return url;
};

const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Resolves the host and refuses it when any of its addresses is not public. */
const vetHost = async (url: URL, options: SafeFetchOptions): Promise<Pinned[]> => {
  const host = bareHost(url);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const ports = options.ports ?? defaultPorts;
  if (ports !== 'any' && !ports.includes(port)) {
    throw new SafeFetchError('forbidden', 'port', `port ${port} is not fetched`);
  }
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    if (!isHostname(host)) throw new SafeFetchError('invalid_request', 'bad_url', `not a host name: ${host}`);
    if (host === 'localhost' || host.endsWith('.localhost')) {
      throw new SafeFetchError('forbidden', 'private_address', `${host} is a loopback name`);
    }
    const resolver = options.resolver ?? systemResolver();
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    addresses = [
      ...(v4.status === 'fulfilled' ? v4.value : []),
      ...(v6.status === 'fulfilled' ? v6.value : []),
    ];
    if (addresses.length === 0) {
      const code = v4.status === 'rejected' ? (v4.reason as NodeJS.ErrnoException).code : undefined;
      const missing = code === 'ENOTFOUND' || code === 'ENODATA' || code === undefined;
      throw new SafeFetchError(missing ? 'not_found' : 'unavailable', 'dns', `${host} has no address`);
    }
  }
  const allow = options.allowPrivate ?? [];
  for (const address of addresses) {
    if (allow.length && inAnyRange(address, allow)) continue;
    const reason = blockedReason(address);
    if (reason) {
      throw new SafeFetchError(
        'forbidden',
        'private_address',
        `${host} resolves to a non-public address (${reason})`,
      );
    }
  }
  return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
};

const abortable = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

/** One hop: connects only to the vetted addresses, whatever DNS says by now. */
const request = (
  url: URL,
  pinned: Pinned[],
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; address: string }> =>
  new Promise((resolve, reject) => {
    const host = bareHost(url);
    const lookup = ((
      _name: string,
      lookupOptions: { all?: boolean },
      callback: (...args: unknown[]) => void,
    ) => {
      if (lookupOptions.all) callback(null, pinned);
      else callback(null, pinned[0]?.address, pinned[0]?.family);
    }) as unknown as LookupFunction;
    const secure = url.protocol === 'https:';
    const req = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: options.method ?? 'GET',
      headers: {
        'user-agent': options.userAgent ?? defaultUserAgent,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
        ...options.headers,
        ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
      },
      lookup,
      agent: false,
      ...(secure && !isIP(host) ? { servername: host } : {}),
    });
    let address = '';
    const fail = (error: unknown) => {
      req.destroy();
      reject(error);
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => signal.removeEventListener('abort', onAbort));
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        // Belt and braces: the socket must have landed on a vetted address.
        address = unmapIp(socket.remoteAddress ?? '');
        if (!pinned.some((p) => unmapIp(p.address) === address)) {
          fail(
            new SafeFetchError('forbidden', 'private_address', 'connected to an address that was not vetted'),
          );
        }
      });
    });
    req.on('error', (error) =>
      reject(
        signal.aborted
          ? signal.reason
          : new SafeFetchError(
              'unavailable',
              'network',
              `could not fetch ${url.origin}: ${error.message}`,
              error,
            ),
      ),
    );
    req.on('response', (response) => {
      signal.addEventListener('abort', () => response.destroy(), { once: true });
      resolve({ response, address });
    });
    req.end(options.body);
  });

const readBody = (
  response: IncomingMessage,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> =>
  new Promise((resolve, reject) => {
    const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
    const truncate = options.onTooLarge === 'truncate';
    const tooLarge = () =>
      new SafeFetchError('unavailable', 'too_large', `response body is larger than ${maxBytes} bytes`);
    const declared = Number(response.headers['content-length'] ?? Number.NaN);
    if (options.method === 'HEAD') {
      response.destroy();
      return resolve({ body: Buffer.alloc(0), truncated: false });
    }
    if (!truncate && declared > maxBytes && !response.headers['content-encoding']) {
      response.destroy();
      return reject(tooLarge());
    }
    const stream = decoder(response);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: unknown, truncated = false) => {
      if (done) return;
      done = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        response.destroy();
        if (stream !== response) stream.destroy();
        return reject(error);
      }
      resolve({ body: Buffer.concat(chunks, size), truncated });
    };
    const onAbort = () => finish(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      if (size + chunk.length > maxBytes) {
        if (!truncate) return finish(tooLarge());
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        finish(null, true);
        response.destroy();
        if (stream !== response) stream.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    stream.on('end', () => finish(null));
    stream.on('error', (error) =>
      finish(
        signal.aborted
          ? signal.reason
          : new SafeFetchError(
              'unavailable',
              'network',
              `reading the response failed: ${error.message}`,
              error,
            ),
      ),
    );
    response.on('aborted', () =>
      finish(
        signal.aborted
          ? signal.reason
          : new SafeFetchError('unavailable', 'network', 'connection closed early'),
      ),
    );
  });

const decoder = (response: IncomingMessage): Readable => {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  // Decoded size is what is capped, so a small compressed bomb cannot blow up memory.
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  return response;
};

const flattenHeaders = (response: IncomingMessage): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
};

const decode = (body: Buffer, contentType: string | undefined): string => {
  const charset = contentType?.match(/charset\s*=\s*"?([\w-]+)/i)?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
};
