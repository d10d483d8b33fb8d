import { createSmtpMailer, type Mailer } from '@dossier/accounts';
import { ConfigError } from './env.js';

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
