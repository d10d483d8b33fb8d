/**
 * The load generator, run as its own process so it does not share a CPU with the server's event
 * loop: autocannon at 50 connections, cycling through the given paths or bodies. Prints one JSON line.
 */
import autocannon from 'autocannon';

interface LoadConfig {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** One request per entry, in turn: a path (GET) or a JSON body (POST). */
  items: string[];
  seconds: number;
  connections: number;
}

// The config comes over IPC: 2,000 request bodies are too long for a command line.
const config = await new Promise<LoadConfig>((resolve) =>
  process.once('message', (m) => resolve(m as LoadConfig)),
);
let next = 0;
const cpu = process.cpuUsage();
// Every response's latency (ms), so the parent can take percentiles over all of a scenario's turns
// rather than only per turn.
const latencies: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: config.url,
      connections: config.connections,
      duration: config.seconds,
      requests: [
        {
          method: config.method,
          headers: config.headers,
          setupRequest: (request) => {
            const item = config.items[next++ % config.items.length] as string;
            return config.method === 'GET' ? { ...request, path: item } : { ...request, body: item };
          },
        },
      ],
    },
    (error, value) => (error ? reject(error) : resolve(value)),
  );
  instance.on('response', (_client, _status, _bytes, ms: number) => {
    latencies.push(ms);
  });
});
process.send?.(
  {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMs: ((used) => (used.user + used.system) / 1000)(process.cpuUsage(cpu)),
    latencies,
  },
  // A large message (every latency) must reach the parent before the channel closes.
  () => process.disconnect?.(),
);
