import type { MailMessage } from './mailer.js';

/** The password reset email: the link in plain text and as one plain HTML link; nothing remote. */
export function resetMessage(mail: { to: string; link: string }): MailMessage {
  const text = [
    'Someone (hopefully you) asked to reset the password of your Dossier account.',
    '',
    'Choose a new password here (the link works once, for one hour):',
    mail.link,
    '',
    'If you did not ask, ignore this email: your password stays as it is.',
    '',
  ].join('\n');
  const link = mail.link.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reset your Dossier password</title></head>
<body style="font-family: sans-serif; line-height: 1.5">
<p>Someone (hopefully you) asked to reset the password of your Dossier account.</p>
<p><a href="${link}">Choose a new password</a> (the link works once, for one hour).</p>
<p>Or paste this link into your browser:<br>${link}</p>
<p>If you did not ask, ignore this email: your password stays as it is.</p>
</body></html>
`;
  return { to: mail.to, subject: 'Reset your Dossier password', text, html };
}
