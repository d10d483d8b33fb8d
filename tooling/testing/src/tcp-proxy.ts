import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis), which a test can cut to simulate an
 * outage: `cut` drops every open connection and refuses new ones until `restore`.
 */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let up = true;
  const server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(target);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    host: '127.0.0.1',
    port,
    url: `redis://127.0.0.1:${port}`,
    /** `url` with its host and port replaced by the proxy's. */
    through(url: string): string {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      return via.toString();
    },
    /** Drops every connection and refuses new ones. */
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
