import { SmtpConnection, SmtpIoError } from './smtp-connection.js';
import type { Socks5Proxy } from './socks5.js';

export interface Port25Check {
  open: boolean;
  /** Which target answered, or why none did; meant for the start-up log. */
  message: string;
}

export interface Port25Options {
  /** Mail servers to try (`host` or `host:port`); big providers' MX hosts by default. */
  targets?: string[];
  sourceAddress?: string;
  socksProxy?: Socks5Proxy;
  timeoutMs?: number;
}

const DEFAULT_TARGETS = [
  'gmail-smtp-in.l.google.com:25',
  'mx1.mail.icloud.com:25',
  'mta5.am0.yahoodns.net:25',
];

/**
 * Start-up check: can we open port 25 and read a banner? Many clouds block outbound port 25, and
 * then every address would come back `unknown`; this says so once, clearly.
 */
export const checkOutboundPort25 = async (options: Port25Options = {}): Promise<Port25Check> => {
  const failures: string[] = [];
  for (const target of options.targets ?? DEFAULT_TARGETS) {
    const split = target.lastIndexOf(':');
    const host =
      split > 0 && !target.endsWith(']') && target.indexOf(':') === split ? target.slice(0, split) : target;
    const port = host === target ? 25 : Number(target.slice(split + 1));
    try {
      const connection = await SmtpConnection.open({
        host,
        port,
        localAddress: options.sourceAddress,
        socksProxy: options.socksProxy,
        connectTimeoutMs: options.timeoutMs ?? 5_000,
        commandTimeoutMs: options.timeoutMs ?? 5_000,
      });
      const banner = await connection.read().finally(() => connection.quit());
      return { open: true, message: `outbound port 25 is open: ${host}:${port} answered ${banner.code}` };
    } catch (error) {
      failures.push(`${host}:${port}: ${error instanceof SmtpIoError ? error.message : String(error)}`);
    }
  }
  return {
    open: false,
    message:
      `outbound port 25 looks blocked (${failures.join('; ')}). Many cloud providers block it; ` +
      'email verification will answer `unknown` until it is unblocked or a SOCKS5 proxy is configured.',
  };
};
