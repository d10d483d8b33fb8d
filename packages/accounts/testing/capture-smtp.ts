import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The whole message as received. */
  raw: string;
  subject: string;
  /** The raw message with quoted-printable undone: enough to find links in ASCII mail. */
  decoded: string;
}

export interface CaptureSmtpOptions {
  /** Require AUTH with these credentials (over plain text on loopback). */
  auth?: { user: string; pass: string };
  /** Refuse every recipient with this reply. */
  refuseRcpt?: [code: number, text: string];
}

export interface CaptureSmtp {
  port: number;
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

const refuse = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

const undoQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A real SMTP server (smtp-server) on loopback that keeps every message it accepts. */
export async function startCaptureSmtp(options: CaptureSmtpOptions = {}): Promise<CaptureSmtp> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.auth?.user && auth.password === options.auth?.pass;
      if (!ok) return callback(refuse(535, '5.7.8 Authentication failed'));
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      callback(options.refuseRcpt ? refuse(...options.refuseRcpt) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          decoded: undoQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const auth = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
