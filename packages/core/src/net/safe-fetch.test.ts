import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDnsServer } from '../../testing/dns-test-server.js';
import { createResolver, type DnsResolverLike } from './dns-resolver.js';
import { defaultUserAgent, type SafeFetchOptions, safeFetch } from './safe-fetch.js';
import { SafeFetchError } from './safe-fetch-error.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const listen = (address: string, handler: Handler, port = 0): Promise<http.Server> =>
  new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.once('error', reject);
    server.listen(port, address, () => resolve(server));
  });

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

let good: http.Server;
let evil: http.Server;
let port: number;
let dns: TestDnsServer;
let resolver: DnsResolverLike;
let evilHits = 0;
let goodRequests: http.IncomingMessage[] = [];
let rebindCount = 0;

const routes: Record<string, Handler> = {
  '/': (_req, res) => res.end('good'),
  '/to-metadata': (_req, res) => {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  },
  '/to-private-name': (_req, res) => {
    res.writeHead(301, { location: `http://internal.test:${port}/` });
    res.end();
  },
  '/to-file': (_req, res) => {
    res.writeHead(302, { location: 'file:///etc/passwd' });
    res.end();
  },
  '/to-rebind': (_req, res) => {
    res.writeHead(307, { location: `http://rebind.test:${port}/` });
    res.end();
  },
  '/big': (_req, res) => res.end('x'.repeat(5000)),
  '/big-chunked': (_req, res) => {
    res.write('x'.repeat(3000));
    res.end('y'.repeat(3000));
  },
  '/bomb': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(1_000_000)));
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
    res.end(gzipSync('<p>compressed</p>'));
  },
  '/latin1': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1', 'set-cookie': ['a=1', 'b=2'] });
    res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  },
  '/hang': () => {},
  '/trickle': (_req, res) => {
    res.write('start');
    const timer = setInterval(() => res.write('.'), 50);
    res.on('close', () => clearInterval(timer));
  },
};

beforeAll(async () => {
  good = await listen('127.0.0.1', (req, res) => {
    goodRequests.push(req);
    const path = req.url ?? '/';
    const loop = path.match(/^\/loop\/(\d+)$/);
    if (loop && Number(loop[1]) < 5) {
      res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` });
      return res.end();
    }
    if (loop) return res.end('end of loop');
    (routes[path] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  port = (good.address() as AddressInfo).port;
  // The attacker's target: same port, another loopback address that DNS will point to later.
  evil = await listen(
    '127.0.0.2',
    (_req, res) => {
      evilHits++;
      res.end('secret');
    },
    port,
  );
  dns = await startTestDns({
    'site.test': { A: ['127.0.0.1'] },
    'internal.test': { A: ['127.0.0.2'] },
    'metadata.test': { A: ['169.254.169.254'] },
    'private.test': { A: ['10.0.0.5'] },
    'zero.test': { A: ['0.0.0.0'] },
    'v6loop.test': { AAAA: ['::1'] },
    'mapped.test': { AAAA: ['::ffff:127.0.0.2'] },
    'mixed.test': { A: ['127.0.0.1', '192.168.0.10'] },
    // DNS rebinding: vetted answer first, the private one on every later query.
    'rebind.test': { A: () => (rebindCount++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']) },
  });
  resolver = createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 });
});

afterAll(async () => {
  await Promise.all([closeServer(good), closeServer(evil), dns.close()]);
});

// The test-only allowance: 127.0.0.1 counts as public, nothing else private does.
const testOptions = (): SafeFetchOptions => ({ resolver, allowPrivate: ['127.0.0.1'], ports: 'any' });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
};

describe('safeFetch through the test allowance', () => {
  it('fetches by name, with an honest User-Agent and the name as Host', async () => {
    goodRequests = [];
    const res = await safeFetch(`http://site.test:${port}/`, testOptions());
    expect(res.status).toBe(200);
    expect(res.text()).toBe('good');
    expect(res.address).toBe('127.0.0.1');
    expect(goodRequests[0]?.headers['user-agent']).toBe(defaultUserAgent);
    expect(goodRequests[0]?.headers.host).toBe(`site.test:${port}`);
  });

  it('decodes gzip and the declared charset, and returns cookies', async () => {
    expect((await safeFetch(`http://site.test:${port}/gzip`, testOptions())).text()).toBe(
      '<p>compressed</p>',
    );
    const latin = await safeFetch(`http://site.test:${port}/latin1`, testOptions());
    expect(latin.text()).toBe('café');
    expect(latin.setCookies).toEqual(['a=1', 'b=2']);
  });

  it('follows up to 5 redirects and refuses the sixth', async () => {
    const res = await safeFetch(`http://site.test:${port}/loop/0`, { ...testOptions(), maxRedirects: 5 });
    expect(res.text()).toBe('end of loop');
    expect(res.redirects).toHaveLength(5);
    // /loop/0 -> ... -> /loop/5 takes five redirects: one too many when four are allowed
    const error = await failure(
      safeFetch(`http://site.test:${port}/loop/0`, { ...testOptions(), maxRedirects: 4 }),
    );
    expect(error.reason).toBe('redirects');
  });
});

describe('safeFetch refuses private destinations', () => {
  it.each([
    ['a loopback literal', () => `http://127.0.0.2:${port}/`],
    ['a metadata literal', () => 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv6 loopback literal', () => `http://[::1]:${port}/`],
    ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.2]:${port}/`],
    ['a decimal IPv4 literal', () => `http://2130706434:${port}/`],
    ['a hex IPv4 literal', () => `http://0x7f.0.0.2:${port}/`],
    ['a name resolving to 10/8', () => `http://private.test:${port}/`],
    ['a name resolving to 169.254.169.254', () => `http://metadata.test:${port}/`],
    ['a name resolving to 0.0.0.0', () => `http://zero.test:${port}/`],
    ['a name resolving to ::1', () => `http://v6loop.test:${port}/`],
    ['a name resolving to IPv4-mapped loopback', () => `http://mapped.test:${port}/`],
    ['a name with one private address among public ones', () => `http://mixed.test:${port}/`],
    ['localhost', () => `http://localhost:${port}/`],
  ])('%s', async (_label, url) => {
    const before = evilHits;
    const error = await failure(safeFetch(url(), testOptions()));
    expect(error.code).toBe('forbidden');
    expect(error.reason).toBe('private_address');
    expect(evilHits).toBe(before);
  });

  it('refuses 127.0.0.1 too when no allowance is given', async () => {
    const error = await failure(safeFetch(`http://site.test:${port}/`, { resolver, ports: 'any' }));
    expect(error.reason).toBe('private_address');
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    const error = await failure(safeFetch(`http://site.test:${port}/to-metadata`, testOptions()));
    expect(error.reason).toBe('private_address');
  });

  it('refuses a redirect to a name that resolves privately', async () => {
    const before = evilHits;
    const error = await failure(safeFetch(`http://site.test:${port}/to-private-name`, testOptions()));
    expect(error.reason).toBe('private_address');
    expect(evilHits).toBe(before);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const error = await failure(safeFetch(`http://site.test:${port}/to-file`, testOptions()));
    expect(error).toMatchObject({ code: 'forbidden', reason: 'scheme' });
  });
});

describe('DNS rebinding', () => {
  it('would reach the private server through a fetcher that resolves twice (the attack is real)', async () => {
    rebindCount = 0;
    const before = evilHits;
    const [checked] = await resolver.resolve4('rebind.test');
    expect(checked).toBe('127.0.0.1'); // looks fine at check time
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          hostname: 'rebind.test',
          port,
          // What a naive fetcher does: resolve again when connecting.
          lookup: (name, opts, cb) =>
            resolver.resolve4(name).then(
              (addresses) =>
                opts.all
                  ? (cb as (e: null, a: Array<{ address: string; family: number }>) => void)(
                      null,
                      addresses.map((address) => ({ address, family: 4 })),
                    )
                  : cb(null, addresses[0] ?? '', 4),
              (e: NodeJS.ErrnoException) => cb(e, '', 4),
            ),
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
    });
    expect(body).toBe('secret');
    expect(evilHits).toBe(before + 1);
  });

  it('safeFetch connects only to the address it vetted', async () => {
    rebindCount = 0;
    const before = evilHits;
    const queriesBefore = dns.queries.filter((q) => q.name === 'rebind.test' && q.type === 'A').length;
    const res = await safeFetch(`http://rebind.test:${port}/`, testOptions());
    expect(res.text()).toBe('good');
    expect(res.address).toBe('127.0.0.1');
    expect(evilHits).toBe(before);
    // One A query: the connection did not resolve the name again.
    expect(dns.queries.filter((q) => q.name === 'rebind.test' && q.type === 'A').length).toBe(
      queriesBefore + 1,
    );
  });

  it('refuses when the second answer (on a redirect hop) turns private', async () => {
    rebindCount = 0;
    const before = evilHits;
    await safeFetch(`http://rebind.test:${port}/`, testOptions()); // first answer: 127.0.0.1
    const error = await failure(safeFetch(`http://site.test:${port}/to-rebind`, testOptions()));
    expect(error.reason).toBe('private_address');
    expect(evilHits).toBe(before);
  });
});

describe('limits', () => {
  it('refuses a body larger than maxBytes (declared length)', async () => {
    const error = await failure(
      safeFetch(`http://site.test:${port}/big`, { ...testOptions(), maxBytes: 1000 }),
    );
    expect(error).toMatchObject({ code: 'unavailable', reason: 'too_large' });
  });

  it('refuses a chunked body once it passes maxBytes', async () => {
    const error = await failure(
      safeFetch(`http://site.test:${port}/big-chunked`, { ...testOptions(), maxBytes: 4000 }),
    );
    expect(error.reason).toBe('too_large');
  });

  it('caps the decoded size of a compressed body', async () => {
    const error = await failure(
      safeFetch(`http://site.test:${port}/bomb`, { ...testOptions(), maxBytes: 10_000 }),
    );
    expect(error.reason).toBe('too_large');
  });

  it('keeps the first maxBytes when asked to truncate', async () => {
    const res = await safeFetch(`http://site.test:${port}/big-chunked`, {
      ...testOptions(),
      maxBytes: 4000,
      onTooLarge: 'truncate',
    });
    expect(res.body.length).toBe(4000);
    expect(res.truncated).toBe(true);
  });

  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const error = await failure(
      safeFetch(`http://site.test:${port}/hang`, { ...testOptions(), timeoutMs: 300 }),
    );
    expect(error).toMatchObject({ code: 'unavailable', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that never ends (total time, not idle time)', async () => {
    const error = await failure(
      safeFetch(`http://site.test:${port}/trickle`, { ...testOptions(), timeoutMs: 400 }),
    );
    expect(error.reason).toBe('timeout');
  });
});

describe('URL checks', () => {
  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://site.test/', 'scheme'],
    ['gopher://site.test/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'bad_url'],
    ['http://user:pass@site.test/', 'credentials'],
  ])('%s is refused (%s)', async (url, reason) => {
    const error = await failure(safeFetch(url, testOptions()));
    expect(error).toMatchObject({ code: 'invalid_request', reason });
  });

  it('only connects to web ports unless told otherwise', async () => {
    const error = await failure(
      safeFetch(`http://site.test:${port}/`, { resolver, allowPrivate: ['127.0.0.1'] }),
    );
    expect(error).toMatchObject({ code: 'forbidden', reason: 'port' });
  });

  it('reports a name that does not exist', async () => {
    const error = await failure(safeFetch(`http://nowhere.test:${port}/`, testOptions()));
    expect(error).toMatchObject({ code: 'not_found', reason: 'dns' });
  });
});
