import net from 'node:net';

export interface ScriptedSession {
  /** Raw bytes to the client (include CRLF yourself); lets a test split a reply across packets. */
  write(raw: string): void;
  /** Ends the connection from the server side. */
  drop(): void;
  /** Zero-based connection number on this server. */
  index: number;
  /** Commands seen on this connection. */
  commands: string[];
}

export interface ScriptedSmtpOptions {
  /** Greeting written on connect (pieces 15 ms apart); null never greets (a server that never answers). */
  greeting?: string | string[] | null;
  /** Answers one command line; return the raw reply, or nothing to stay silent. */
  handle?: (command: string, session: ScriptedSession) => string | undefined | Promise<string | undefined>;
  /** Waits this long before every reply (the greeting included): a server 50 ms away. */
  delayMs?: number;
  /**
   * Loopback addresses to listen on, all on one port (default 127.0.0.1): many servers, one script,
   * for benchmarks of many domains whose mail servers are different machines.
   */
  addresses?: string[];
}

export interface ScriptedSmtp {
  port: number;
  connections: number;
  /** Most connections open at once. */
  maxActive: number;
  /** Every command line received, all connections. */
  commands: string[];
  close(): Promise<void>;
}

/** The ordinary answers of a plain server that accepts every recipient. */
export const defaultReply = (command: string): string | undefined => {
  const verb = command.slice(0, 4).toUpperCase();
  if (verb === 'EHLO') return '250-scripted.test\r\n250-PIPELINING\r\n250 8BITMIME\r\n';
  if (verb === 'HELO') return '250 scripted.test\r\n';
  if (verb === 'MAIL') return '250 2.1.0 OK\r\n';
  if (verb === 'RCPT') return '250 2.1.5 OK\r\n';
  if (verb === 'RSET') return '250 2.0.0 OK\r\n';
  if (verb === 'QUIT') return '221 2.0.0 Bye\r\n';
  if (verb === 'NOOP') return '250 OK\r\n';
  return '502 5.5.2 Command not implemented\r\n';
};

/** A tiny SMTP server over node:net for behaviours smtp-server cannot produce. */
export const startScriptedSmtp = async (options: ScriptedSmtpOptions = {}): Promise<ScriptedSmtp> => {
  const sockets = new Set<net.Socket>();
  const state: ScriptedSmtp = { port: 0, connections: 0, maxActive: 0, commands: [], close: async () => {} };
  const delay = options.delayMs ?? 0;
  const later = (fn: () => void) => (delay ? setTimeout(fn, delay) : fn());
  const onConnection = (socket: net.Socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    state.maxActive = Math.max(state.maxActive, sockets.size);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const session: ScriptedSession = {
      index: state.connections++,
      commands: [],
      write: (raw) => {
        if (!socket.destroyed) socket.write(raw);
      },
      drop: () => socket.destroy(),
    };
    const greeting = options.greeting === undefined ? '220 scripted.test ESMTP\r\n' : options.greeting;
    if (greeting !== null) {
      const pieces = Array.isArray(greeting) ? greeting : [greeting];
      later(() => {
        for (const [i, piece] of pieces.entries()) setTimeout(() => session.write(piece), i * 15);
      });
    }
    let buffer = '';
    // Commands are answered one at a time, in order, even when a client pipelines.
    let queue = Promise.resolve();
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let newline = buffer.indexOf('\r\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        state.commands.push(line);
        session.commands.push(line);
        queue = queue.then(async () => {
          const reply = await (options.handle ?? defaultReply)(line, session);
          if (reply === undefined) return;
          await new Promise<void>((resolve) =>
            later(() => {
              session.write(reply);
              if (line.toUpperCase() === 'QUIT') socket.end();
              resolve();
            }),
          );
        });
        newline = buffer.indexOf('\r\n');
      }
    });
  };
  const [first = '127.0.0.1', ...rest] = options.addresses ?? ['127.0.0.1'];
  const servers = [net.createServer(onConnection)];
  await new Promise<void>((resolve) => (servers[0] as net.Server).listen(0, first, resolve));
  state.port = ((servers[0] as net.Server).address() as net.AddressInfo).port;
  for (const address of rest) {
    const server = net.createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(state.port, address, resolve);
    });
    servers.push(server);
  }
  state.close = async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };
  return state;
};
