import nodemailer from 'nodemailer';
import { type Mailer, MailSendError } from './mailer.js';
import { parseSmtpUrl } from './smtp-url.js';

export interface SmtpSettings {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://...` (TLS from the start). */
  url: string;
  /** The From address: `dossier@example.com` or `Dossier <dossier@example.com>`. */
  from: string;
  /** Connect, greeting and idle-socket timeout. */
  timeoutMs?: number;
}

const reasons: Record<string, string> = {
  EAUTH: 'the mail server refused our credentials',
  ECONNECTION: 'could not connect to the mail server',
  ESOCKET: 'could not connect to the mail server',
  EDNS: 'could not find the mail server (DNS)',
  ETIMEDOUT: 'the mail server did not answer in time',
  ETLS: 'could not set up TLS with the mail server',
  EENVELOPE: 'the mail server refused the sender or recipient',
  EMESSAGE: 'the mail server refused the message',
};

/** nodemailer's error as a short reason; the server's reply text stays out (it can quote the message). */
function sendError(error: unknown): MailSendError {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  const base = (code && reasons[code]) ?? 'sending failed';
  return new MailSendError(responseCode ? `${base} (SMTP ${responseCode})` : base, { code, responseCode });
}

/** A Mailer over SMTP (nodemailer): one connection per message, no logging of its own. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const target = parseSmtpUrl(settings.url);
  if (!target) throw new Error('Invalid configuration: DOSSIER_SMTP_URL must be smtp://user:pass@host:port');
  const timeout = settings.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    ...target,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // The message body holds an invitation token: nothing of it may reach a log.
    logger: false,
    debug: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        throw sendError(error);
      }
    },
    close: () => transport.close(),
  };
}
