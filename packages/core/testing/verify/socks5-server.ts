import net from 'node:net';

export interface LocalSocks5 {
  port: number;
  /** `host:port` of every CONNECT request. */
  connects: string[];
  close(): Promise<void>;
}

/** A tiny SOCKS5 proxy (no auth, or user/password when given) that tunnels CONNECT requests. */
export const startLocalSocks5 = async (auth?: {
  username: string;
  password: string;
}): Promise<LocalSocks5> => {
  const sockets = new Set<net.Socket>();
  const state: LocalSocks5 = { port: 0, connects: [], close: async () => {} };
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    let buffer = Buffer.alloc(0);
    let phase: 'greeting' | 'auth' | 'request' | 'tunnel' = 'greeting';
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (phase === 'greeting' && buffer.length >= 2 && buffer.length >= 2 + (buffer[1] ?? 0)) {
        const methods = [...buffer.subarray(2, 2 + (buffer[1] ?? 0))];
        buffer = buffer.subarray(2 + (buffer[1] ?? 0));
        const method = auth ? 2 : 0;
        if (!methods.includes(method)) return client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, method]));
        phase = auth ? 'auth' : 'request';
      }
      if (phase === 'auth' && buffer.length >= 2) {
        const userLength = buffer[1] ?? 0;
        const passLength = buffer[2 + userLength];
        if (passLength === undefined || buffer.length < 3 + userLength + passLength) return;
        const user = buffer.subarray(2, 2 + userLength).toString();
        const pass = buffer.subarray(3 + userLength, 3 + userLength + passLength).toString();
        buffer = buffer.subarray(3 + userLength + passLength);
        const good = user === auth?.username && pass === auth?.password;
        client.write(Buffer.from([1, good ? 0 : 1]));
        if (!good) return client.end();
        phase = 'request';
      }
      if (phase === 'request' && buffer.length >= 5) {
        const atyp = buffer[3];
        let host: string;
        let offset: number;
        if (atyp === 1) {
          if (buffer.length < 10) return;
          host = [...buffer.subarray(4, 8)].join('.');
          offset = 8;
        } else if (atyp === 3) {
          const length = buffer[4] ?? 0;
          if (buffer.length < 7 + length) return;
          host = buffer.subarray(5, 5 + length).toString();
          offset = 5 + length;
        } else {
          return client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
        }
        const port = buffer.readUInt16BE(offset);
        buffer = buffer.subarray(offset + 2);
        state.connects.push(`${host}:${port}`);
        phase = 'tunnel';
        client.off('data', onData);
        const upstream = net.connect({ host, port }, () => {
          client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
          if (buffer.length) upstream.write(buffer);
          client.pipe(upstream);
          upstream.pipe(client);
        });
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])));
      }
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
};
