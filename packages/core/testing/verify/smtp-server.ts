import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** Reply code and text (enhanced code included in the text) to refuse with; undefined accepts. */
export type RcptRule = (
  address: string,
  session: { secure: boolean; attempt: number },
) => [code: number, text: string] | undefined;

export interface LocalSmtpOptions {
  rcpt?: RcptRule;
  /** Offer STARTTLS (smtp-server's built-in localhost certificate). */
  starttls?: boolean;
  /** Refuse MAIL FROM until the session is encrypted. */
  requireTls?: boolean;
  /** Refuse MAIL FROM with this reply. */
  mail?: [code: number, text: string];
}

export interface LocalSmtp {
  port: number;
  /** Connections accepted. */
  sessions: number;
  /** RCPT TO addresses, in order, all sessions. */
  rcpts: string[];
  /** Sessions that were encrypted by the time of MAIL FROM. */
  secureMailFrom: number;
  close(): Promise<void>;
}

const refuse = (code: number, text: string): Error => Object.assign(new Error(text), { responseCode: code });

/** A real smtp-server on loopback whose RCPT answers come from a rule. */
export const startLocalSmtp = async (options: LocalSmtpOptions = {}): Promise<LocalSmtp> => {
  const state: LocalSmtp = { port: 0, sessions: 0, rcpts: [], secureMailFrom: 0, close: async () => {} };
  const seen = new Map<string, number>();
  const config: SMTPServerOptions = {
    logger: false,
    authOptional: true,
    disabledCommands: options.starttls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideENHANCEDSTATUSCODES: true,
    closeTimeout: 200,
    onConnect: (_session, callback) => {
      state.sessions++;
      callback();
    },
    onMailFrom: (_address, session, callback) => {
      if (options.requireTls && !session.secure)
        return callback(refuse(530, '5.7.0 Must issue a STARTTLS command first'));
      if (options.mail) return callback(refuse(...options.mail));
      if (session.secure) state.secureMailFrom++;
      callback();
    },
    onRcptTo: (address, session, callback) => {
      state.rcpts.push(address.address);
      const attempt = (seen.get(address.address) ?? 0) + 1;
      seen.set(address.address, attempt);
      const answer = options.rcpt?.(address.address, { secure: session.secure, attempt });
      callback(answer ? refuse(...answer) : undefined);
    },
    onData: (_stream, _session, callback) => callback(refuse(554, '5.5.1 DATA is not expected in tests')),
  };
  const server = new SMTPServer(config);
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
};
