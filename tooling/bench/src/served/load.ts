/**
 * The served benchmark's load generator, its own process: autocannon at the given connections,
 * each request the next target in turn with the next organisation's key, so no plan limit is hit
 * and the key cache holds every key as in production. Sends one message back: counts, percentiles,
 * its own CPU time.
 */
import autocannon from 'autocannon';

export interface Target {
  path: string;
  /** A POST body; GET without one. */
  body?: string;
  contentType?: string;
}

export interface LoadConfig {
  url: string;
  targets: Target[];
  /** Bearer keys, used in turn; none for the anchor. */
  keys: string[];
  seconds: number;
  connections: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
  cpuMs: number;
}

const config = await new Promise<LoadConfig>((resolve) =>
  process.once('message', (m) => resolve(m as LoadConfig)),
);
let next = 0;
const statuses: Record<string, number> = {};
const cpu = process.cpuUsage();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: config.url,
      connections: config.connections,
      duration: config.seconds,
      requests: [
        {
          setupRequest: (request) => {
            const n = next++;
            const target = config.targets[n % config.targets.length] as Target;
            const headers: Record<string, string> = {};
            const key = config.keys.length ? config.keys[n % config.keys.length] : undefined;
            if (key) headers.authorization = `Bearer ${key}`;
            if (target.body !== undefined) headers['content-type'] = target.contentType ?? 'application/json';
            return target.body === undefined
              ? { ...request, method: 'GET', path: target.path, headers }
              : { ...request, method: 'POST', path: target.path, body: target.body, headers };
          },
        },
      ],
    },
    (error, value) => (error ? reject(error) : resolve(value)),
  );
  instance.on('response', (_client, status) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
});
const used = process.cpuUsage(cpu);
process.send?.(
  {
    rps: result.requests.total / config.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
    cpuMs: (used.user + used.system) / 1000,
  } satisfies LoadResult,
  () => process.disconnect?.(),
);
