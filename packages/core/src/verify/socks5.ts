import net from 'node:net';

export interface Socks5Proxy {
  host: string;
  port: number;
  username?: string;
  password?: string;
}

/** Reads exact byte counts from a socket during the SOCKS5 handshake. */
class ByteReader {
  private buffer = Buffer.alloc(0);
  private waiter: { size: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('error', this.onFail);
    socket.on('close', this.onClose);
  }

  private onData = (chunk: Buffer): void => {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    this.flush();
  };
  private onFail = (error: Error): void => {
    this.failure = error;
    this.flush();
  };
  private onClose = (): void => this.onFail(new Error('SOCKS5 proxy closed the connection'));

  private flush(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    if (this.buffer.length >= waiter.size) {
      this.waiter = null;
      const out = this.buffer.subarray(0, waiter.size);
      this.buffer = this.buffer.subarray(waiter.size);
      waiter.resolve(out);
    } else if (this.failure) {
      this.waiter = null;
      waiter.reject(this.failure);
    }
  }

  read(size: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiter = { size, resolve, reject };
      this.flush();
    });
  }

  /** Stops listening; returns bytes that arrived past the handshake (none for a well-behaved proxy). */
  detach(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('error', this.onFail);
    this.socket.off('close', this.onClose);
    return this.buffer;
  }
}

const REPLY_ERRORS: Record<number, string> = {
  1: 'general failure',
  2: 'connection not allowed by ruleset',
  3: 'network unreachable',
  4: 'host unreachable',
  5: 'connection refused',
  6: 'TTL expired',
  7: 'command not supported',
  8: 'address type not supported',
};

const encodeTarget = (host: string, port: number): Buffer => {
  const portBytes = Buffer.from([port >> 8, port & 0xff]);
  if (net.isIPv4(host)) return Buffer.concat([Buffer.from([1, ...host.split('.').map(Number)]), portBytes]);
  if (net.isIPv6(host)) {
    const groups = expandIpv6(host);
    const bytes = Buffer.alloc(16);
    for (const [i, group] of groups.entries()) bytes.writeUInt16BE(group, i * 2);
    return Buffer.concat([Buffer.from([4]), bytes, portBytes]);
  }
  const name = Buffer.from(host, 'ascii');
  return Buffer.concat([Buffer.from([3, name.length]), name, portBytes]);
};

const expandIpv6 = (address: string): number[] => {
  const [head = '', tail = ''] = address.split('::');
  const parse = (part: string): number[] => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = address.includes('::') ? parse(tail) : [];
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
};

/**
 * Runs the SOCKS5 CONNECT handshake (RFC 1928, user/password per RFC 1929) on a connected socket.
 * Resolves when the proxy has opened the tunnel to host:port, with any bytes the target already sent.
 */
export const socks5Connect = async (
  socket: net.Socket,
  proxy: Socks5Proxy,
  host: string,
  port: number,
): Promise<Buffer> => {
  const reader = new ByteReader(socket);
  let leftover: Buffer;
  try {
    const useAuth = proxy.username !== undefined;
    socket.write(Buffer.from(useAuth ? [5, 2, 0, 2] : [5, 1, 0]));
    const [version, method] = await reader.read(2);
    if (version !== 5) throw new Error('not a SOCKS5 proxy');
    if (method === 2) {
      const user = Buffer.from(proxy.username ?? '');
      const pass = Buffer.from(proxy.password ?? '');
      socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
      const [, status] = await reader.read(2);
      if (status !== 0) throw new Error('SOCKS5 authentication failed');
    } else if (method !== 0) {
      throw new Error('SOCKS5 proxy accepts none of our authentication methods');
    }
    socket.write(Buffer.concat([Buffer.from([5, 1, 0]), encodeTarget(host, port)]));
    const [, rep, , atyp] = await reader.read(4);
    if (rep !== 0) throw new Error(`SOCKS5 connect failed: ${REPLY_ERRORS[rep ?? 1] ?? `code ${rep}`}`);
    const addressLength = atyp === 1 ? 4 : atyp === 4 ? 16 : ((await reader.read(1))[0] ?? 0);
    await reader.read(addressLength + 2);
  } finally {
    leftover = reader.detach();
  }
  return leftover;
};
