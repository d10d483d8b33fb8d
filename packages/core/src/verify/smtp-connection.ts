import net from 'node:net';
import tls from 'node:tls';
import { isLastLine, parseReply, type SmtpReply } from './reply.js';
import { type Socks5Proxy, socks5Connect } from './socks5.js';

export class SmtpIoError extends Error {
  constructor(
    readonly kind: 'timeout' | 'closed' | 'connect',
    message: string,
  ) {
    super(message);
    this.name = 'SmtpIoError';
  }
}

export interface OpenOptions {
  host: string;
  port: number;
  /** Local address to bind (the verifier's sending IP). */
  localAddress?: string;
  socksProxy?: Socks5Proxy;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
}

type Waiter = { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** One SMTP client connection: a line reader that assembles multi-line replies, however packets split them. */
export class SmtpConnection {
  tls = false;
  private socket: net.Socket;
  private pending = '';
  private lines: string[] = [];
  private replies: SmtpReply[] = [];
  private waiters: Waiter[] = [];
  private failure: SmtpIoError | null = null;

  private constructor(
    socket: net.Socket,
    private readonly commandTimeoutMs: number,
  ) {
    this.socket = socket;
    this.attach(socket);
  }

  static async open(options: OpenOptions): Promise<SmtpConnection> {
    const target = options.socksProxy ?? { host: options.host, port: options.port };
    const socket = await connectSocket(
      target.host,
      target.port,
      options.localAddress,
      options.connectTimeoutMs,
    );
    let leftover: Buffer = Buffer.alloc(0);
    if (options.socksProxy) {
      const timer = setTimeout(
        () => socket.destroy(new Error('SOCKS5 handshake timed out')),
        options.connectTimeoutMs,
      );
      try {
        leftover = await socks5Connect(socket, options.socksProxy, options.host, options.port);
      } catch (error) {
        socket.destroy();
        throw new SmtpIoError('connect', (error as Error).message);
      } finally {
        clearTimeout(timer);
      }
    }
    const connection = new SmtpConnection(socket, options.commandTimeoutMs);
    if (leftover.length) connection.onData(leftover);
    return connection;
  }

  private attach(socket: net.Socket): void {
    socket.setEncoding('latin1');
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
  }

  private detach(socket: net.Socket): void {
    socket.off('data', this.onData);
    socket.off('error', this.onError);
    socket.off('close', this.onClose);
  }

  private onData = (chunk: string | Buffer): void => {
    this.pending += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      const line = this.pending.slice(0, newline).replace(/\r$/, '');
      this.pending = this.pending.slice(newline + 1);
      this.lines.push(line);
      if (isLastLine(line)) {
        this.replies.push(parseReply(this.lines));
        this.lines = [];
      }
      newline = this.pending.indexOf('\n');
    }
    this.deliver();
  };

  private onError = (error: Error): void => this.fail(new SmtpIoError('closed', error.message));
  private onClose = (): void => this.fail(new SmtpIoError('closed', 'connection closed by server'));

  private fail(error: SmtpIoError): void {
    if (!this.failure) this.failure = error;
    this.deliver();
  }

  private deliver(): void {
    while (this.waiters.length && (this.replies.length || this.failure)) {
      const waiter = this.waiters.shift() as Waiter;
      clearTimeout(waiter.timer);
      const reply = this.replies.shift();
      if (reply) waiter.resolve(reply);
      else waiter.reject(this.failure as SmtpIoError);
    }
  }

  /** The next complete reply; rejects on close or when none arrives in time (and drops the connection). */
  read(): Promise<SmtpReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new SmtpIoError('timeout', `no reply within ${this.commandTimeoutMs} ms`));
        this.socket.destroy();
      }, this.commandTimeoutMs);
      this.waiters.push({ resolve, reject, timer });
      this.deliver();
    });
  }

  async command(line: string): Promise<SmtpReply> {
    if (this.failure) throw this.failure;
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  /** Upgrades after `220` to STARTTLS. MX certificates are commonly self-signed: encryption, not identity. */
  async upgrade(servername: string): Promise<void> {
    this.detach(this.socket);
    const raw = this.socket;
    // The TLS socket reports failures; the raw one must not throw an unhandled 'error'.
    raw.on('error', () => {});
    const secure = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const timer = setTimeout(() => {
        raw.destroy();
        reject(new SmtpIoError('timeout', 'TLS handshake timed out'));
      }, this.commandTimeoutMs);
      const socket = tls.connect(
        { socket: raw, servername: net.isIP(servername) ? undefined : servername, rejectUnauthorized: false },
        () => {
          clearTimeout(timer);
          resolve(socket);
        },
      );
      // `on`, not `once`: a second error after the first must not go unhandled.
      const onHandshakeError = (error: Error) => {
        clearTimeout(timer);
        socket.destroy();
        reject(new SmtpIoError('connect', `TLS handshake failed: ${error.message}`));
      };
      socket.on('error', onHandshakeError);
      socket.once('secureConnect', () => socket.off('error', onHandshakeError));
    });
    this.socket = secure;
    this.tls = true;
    this.pending = '';
    this.attach(secure);
  }

  /** Sends QUIT and closes our side; the 221 is not awaited (nothing depends on it). */
  quit(): void {
    if (!this.failure) this.socket.end('QUIT\r\n');
    for (const waiter of this.waiters) clearTimeout(waiter.timer);
    this.failure ??= new SmtpIoError('closed', 'session ended');
  }

  /** Resolves once the socket is closed; destroys it if the server has not closed within the limit. */
  whenClosed(limitMs: number): Promise<void> {
    const socket = this.socket;
    if (socket.destroyed || socket.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => socket.destroy(), limitMs);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    for (const waiter of this.waiters) clearTimeout(waiter.timer);
    this.socket.destroy();
  }
}

const connectSocket = (host: string, port: number, localAddress: string | undefined, timeoutMs: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ host, port, localAddress });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new SmtpIoError('timeout', `connect to ${host}:${port} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      // Lockstep small writes: do not let Nagle hold a command back.
      socket.setNoDelay(true);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(new SmtpIoError('connect', `connect to ${host}:${port} failed: ${error.message}`));
    });
  });
