import nodemailer from 'nodemailer';
import { ConfigError } from '../env.js';
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
  if (!target)
    throw new ConfigError('Invalid configuration: DOSSIER_SMTP_URL must be smtp://user:pass@host:port');
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

/** The mailer the settings ask for, or none (email off); the From address is required with a URL. */
export function mailerFromEnv(env: {
  DOSSIER_SMTP_URL?: string;
  DOSSIER_MAIL_FROM?: string;
  DOSSIER_SMTP_TIMEOUT_MS?: number;
}): Mailer | undefined {
  if (!env.DOSSIER_SMTP_URL) return undefined;
  if (!env.DOSSIER_MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration: DOSSIER_MAIL_FROM is required with DOSSIER_SMTP_URL (e.g. Dossier <dossier@example.com>)',
    );
  }
  return createSmtpMailer({
    url: env.DOSSIER_SMTP_URL,
    from: env.DOSSIER_MAIL_FROM,
    timeoutMs: env.DOSSIER_SMTP_TIMEOUT_MS,
  });
}
