import type { MailMessage } from './mailer.js';

export interface InvitationMail {
  to: string;
  organization: string;
  /** Who invited: their name, or their email. */
  inviter: string;
  role: string;
  link: string;
  expiresAt: Date;
}

/** Header-safe: no line breaks or control characters from user-given names reach the subject. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** The invitation email: the link in plain text and as one plain HTML link; no images, no tracking. */
export function invitationMessage(mail: InvitationMail): MailMessage {
  const organization = oneLine(mail.organization);
  const inviter = oneLine(mail.inviter);
  const expires = mail.expiresAt.toISOString().slice(0, 10);
  const text = [
    `${inviter} invited you to join ${organization} on Dossier as ${mail.role}.`,
    '',
    `Accept the invitation (the link works once and expires on ${expires}):`,
    mail.link,
    '',
    'If you did not expect this email, ignore it: nothing happens unless the link is used.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invitation to ${escapeHtml(organization)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(inviter)} invited you to join <strong>${escapeHtml(organization)}</strong> on Dossier as ${escapeHtml(mail.role)}.</p>
<p><a href="${escapeHtml(mail.link)}">Accept the invitation</a></p>
<p>Or paste this link into your browser (it works once and expires on ${expires}):<br>${escapeHtml(mail.link)}</p>
<p>If you did not expect this email, ignore it: nothing happens unless the link is used.</p>
</body></html>
`;
  return {
    to: mail.to,
    subject: `${inviter} invited you to ${organization} on Dossier`.slice(0, 200),
    text,
    html,
  };
}
