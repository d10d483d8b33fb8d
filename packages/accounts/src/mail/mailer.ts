/** One outgoing message: plain text and a simple HTML part, nothing remote in either. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. The console depends on this, not on SMTP, so tests and other transports can stand in. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/**
 * A send that did not happen, with a reason fit to show an admin: what went wrong in a few words,
 * never the server's own reply (it may quote the message) nor credentials.
 */
export class MailSendError extends Error {
  constructor(
    readonly reason: string,
    /** nodemailer's error code (`ECONNECTION`, `EAUTH`, ...) and the SMTP reply code, for logs. */
    readonly detail: { code?: string; responseCode?: number } = {},
  ) {
    super(reason);
  }
}

/** Waits for a send at most `ms`; a slow server must not hold an invitation hostage. */
export async function sendWithin(mailer: Mailer, message: MailMessage, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new MailSendError('the mail server did not answer in time', { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  try {
    await Promise.race([mailer.send(message), late]);
  } finally {
    clearTimeout(timer);
  }
}
