import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis), which a test can cut to simulate an
 * outage: `cut` drops every open connection and refuses new ones until `restore`. `loseAnswer`
 * simulates the subtler fault: a request reaches the server, and its answer never comes back.
 */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let up = true;
  let trap: { match: (text: string) => boolean; sprung: () => void } | null = null;
  const server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(target);
    sockets.add(client).add(upstream);
    /** The server got a trapped request: its answer is swallowed and the client is cut off. */
    let swallowing = false;
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      const sprung = trap?.match(chunk.toString('latin1')) ? trap : null;
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
      if (!sprung) return;
      trap = null;
      swallowing = true;
      client.destroy();
      sockets.delete(client);
      // The server still reads what was written and answers it; then that connection goes too.
      setTimeout(drop, 5_000).unref();
      sprung.sprung();
    });
    upstream.on('data', (chunk: Buffer) => {
      if (swallowing) return drop();
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    client.on('error', drop).on('close', () => {
      if (!swallowing) drop();
    });
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
    /**
     * The next request whose bytes `match` (as Latin-1 text) is passed to the server, and its client's
     * connection is closed at once: the server carries it out (a COMMIT commits), and the answer
     * is lost. Resolves when the trap has sprung.
     */
    loseAnswer(match: (text: string) => boolean): Promise<void> {
      return new Promise((resolve) => {
        trap = { match, sprung: resolve };
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
