import { DossierError, validate } from '@dossier/core';
import { passwordChangeInput, resetCompleteInput, resetRequestInput } from '../inputs.js';
import { type Mailer, MailSendError, sendWithin } from '../mail/mailer.js';
import { resetMessage } from '../mail/reset-mail.js';
import { createPasswordResets, resetLink } from '../password-resets.js';
import type { ClientMeta } from '../sessions.js';
import type { SignInLimiter } from '../signin-limit.js';
import { setPassword, userByEmail, userById } from '../users.js';
import type { ConsoleServices, RequestContext } from './context.js';
import { confirmPassword } from './sign-in.js';

export interface PasswordChangeOptions {
  /** Checks the current password (shared with sign-in, so guesses count once). */
  limiter: SignInLimiter;
  /** Reset emails per address asked for. */
  resetLimiter: SignInLimiter;
  mailer?: Mailer;
  mailTimeoutMs: number;
  publicUrl?: string;
}

/** A password changed with the current one, or reset through a one-time emailed link. */
export function passwordActions(deps: ConsoleServices, options: PasswordChangeOptions) {
  const { db, sessions, log } = deps;
  const { limiter, resetLimiter, mailTimeoutMs } = options;
  const resets = createPasswordResets(db);
  return {
    /**
     * A new password, given the current one; every other session of the user ends (a stolen
     * cookie stops working), this one stays.
     */
    async changePassword(ctx: RequestContext, raw: unknown) {
      const input = validate(passwordChangeInput, raw);
      const user = await confirmPassword(
        deps,
        limiter,
        ctx,
        input.current_password,
        () =>
          new DossierError('forbidden', 'current_password: wrong password', {
            issues: [{ path: 'current_password', message: 'wrong password' }],
          }),
      );
      await setPassword(db, user.id, input.new_password);
      await sessions.endAll(user.id, ctx.session.id);
      log.info({ user_id: user.id }, 'password changed; other sessions ended');
      return { changed: true, other_sessions_ended: true };
    },

    /**
     * Emails a one-time reset link when the address has an account. The answer is the same
     * either way (no account oracle), and the email goes out after it, so timing tells nothing.
     * Without mail, the answer names the operator command instead.
     */
    async requestPasswordReset(raw: unknown, meta: ClientMeta, requestOrigin: string) {
      const input = validate(resetRequestInput, raw);
      const { mailer } = options;
      if (!mailer) {
        throw new DossierError(
          'unavailable',
          'Email is off on this server, so no reset link can be sent. Ask your operator to run `dossier users reset-password EMAIL`, which prints a one-time link.',
        );
      }
      await resetLimiter.before(input.email, meta.ip ?? 'unknown');
      await resetLimiter.failed(input.email);
      void (async () => {
        const user = await userByEmail(db, input.email);
        if (!user) return;
        const { token } = await resets.create(user.id);
        const link = resetLink(options.publicUrl ?? requestOrigin, token);
        await sendWithin(mailer, resetMessage({ to: user.email, link }), mailTimeoutMs);
        log.info({ user_id: user.id }, 'password reset link emailed');
      })().catch((error) =>
        log.warn(
          { reason: error instanceof MailSendError ? error.reason : 'sending failed' },
          'password reset email not sent',
        ),
      );
      return {
        message: `If ${input.email} has an account, a reset link is on its way; it works once, for one hour.`,
      };
    },

    /** Spends a reset link: the new password, every session of the user ended, and a fresh one here. */
    async completePasswordReset(raw: unknown, meta: ClientMeta) {
      const input = validate(resetCompleteInput, raw);
      const userId = await resets.consume(input.token);
      if (!userId) {
        throw new DossierError(
          'not_found',
          'This reset link is invalid, used or expired; ask for a new one.',
          {
            issues: [{ path: 'token', message: 'invalid, used or expired' }],
          },
        );
      }
      await setPassword(db, userId, input.password);
      await sessions.endAll(userId);
      const user = await userById(db, userId);
      if (user) await limiter.succeeded(user.email);
      log.info({ user_id: userId }, 'password reset; every session ended');
      return { ...(await sessions.create(userId, meta)), userId };
    },
  };
}
