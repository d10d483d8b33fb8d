import type { Logger } from '@dossier/core';
import { type Db, organizations } from '@dossier/db';
import { eq } from 'drizzle-orm';
import { invitationMessage } from '../mail/invitation-mail.js';
import { type Mailer, MailSendError, sendWithin } from '../mail/mailer.js';
import type { MemberStore } from '../members.js';
import type { RequestContext } from './context.js';

/** Why no email went out when email is off. */
export const emailOffReason = 'email is off (no SMTP server is configured)';

export interface InvitationEmailOptions {
  mailer?: Mailer;
  mailTimeoutMs: number;
  log: Logger;
}

/**
 * Emails an invitation link. Never throws: a failure is a reason to show, and is logged by
 * invitation id and error code only (the link is the invitation; it never reaches a log).
 */
export async function emailInvitation(
  db: Db,
  { mailer, mailTimeoutMs, log }: InvitationEmailOptions,
  ctx: RequestContext,
  orgId: string,
  invitation: Awaited<ReturnType<MemberStore['invite']>>,
  link: string,
): Promise<{ sent: boolean; reason?: string }> {
  if (!mailer) return { sent: false, reason: emailOffReason };
  try {
    const [org] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    const message = invitationMessage({
      to: invitation.email,
      organization: org?.name ?? 'an organization',
      inviter: ctx.session.name || ctx.session.email,
      role: invitation.role,
      link,
      expiresAt: new Date(invitation.expires_at),
    });
    await sendWithin(mailer, message, mailTimeoutMs);
    log.info({ invitation_id: invitation.id, org_id: orgId }, 'invitation emailed');
    return { sent: true };
  } catch (error) {
    const reason = error instanceof MailSendError ? error.reason : 'sending failed';
    const detail = error instanceof MailSendError ? error.detail : {};
    log.warn(
      { invitation_id: invitation.id, org_id: orgId, reason, ...detail },
      'invitation email not sent; the link still works',
    );
    return { sent: false, reason };
  }
}
