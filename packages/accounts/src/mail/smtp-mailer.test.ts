import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaptureSmtp, startCaptureSmtp } from '../../testing/capture-smtp.js';
import { invitationMessage } from './invitation-mail.js';
import { MailSendError, sendWithin } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';
import { parseSmtpUrl } from './smtp-url.js';

const message = invitationMessage({
  to: 'new@team.example',
  organization: 'Team <Ltd>\r\nBcc: evil@x.example',
  inviter: 'Ada',
  role: 'developer',
  link: 'http://localhost:3000/invite/tok_abc-123',
  expiresAt: new Date('2030-01-08T00:00:00Z'),
});

describe('invitationMessage', () => {
  it('writes the link in both parts, escapes HTML and keeps names on one line', () => {
    expect(message.subject).toBe('Ada invited you to Team <Ltd> Bcc: evil@x.example on Dossier');
    expect(message.text).toContain('http://localhost:3000/invite/tok_abc-123');
    expect(message.text).toContain('expires on 2030-01-08');
    expect(message.html).toContain('<a href="http://localhost:3000/invite/tok_abc-123">');
    expect(message.html).toContain('Team &lt;Ltd&gt;');
    // No tracking: nothing in the HTML loads from anywhere.
    expect(message.html).not.toMatch(/<img|src=|<link|<script/i);
  });
});

describe('createSmtpMailer against a local SMTP server', () => {
  let smtp: CaptureSmtp;
  beforeAll(async () => {
    smtp = await startCaptureSmtp({ auth: { user: 'mailer@team.example', pass: 'p@ss:word' } });
  });
  afterAll(() => smtp.close());

  it('authenticates with the URL credentials and delivers the message', async () => {
    expect(smtp.url).toContain('mailer%40team.example:p%40ss%3Aword@');
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Dossier <dossier@team.example>' });
    await mailer.send(message);
    mailer.close?.();
    const [got] = smtp.messages;
    expect(got?.to).toEqual(['new@team.example']);
    expect(got?.from).toBe('dossier@team.example');
    expect(got?.subject).toBe('Ada invited you to Team <Ltd> Bcc: evil@x.example on Dossier');
    expect(got?.decoded).toContain('http://localhost:3000/invite/tok_abc-123');
    expect(got?.raw).toMatch(/^Auto-Submitted: auto-generated/m);
    expect(got?.raw).not.toMatch(/^Bcc:/m);
  });

  it('fails with a short reason on wrong credentials', async () => {
    const url = smtp.url.replace('p%40ss%3Aword', 'wrong');
    const mailer = createSmtpMailer({ url, from: 'dossier@team.example' });
    const error = await mailer.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect((error as MailSendError).reason).toBe('the mail server refused our credentials (SMTP 535)');
  });
});

describe('failures', () => {
  it('reports a refused recipient without the server reply text', async () => {
    const smtp = await startCaptureSmtp({ refuseRcpt: [550, '5.1.1 no such user tok_abc-123'] });
    try {
      const mailer = createSmtpMailer({ url: smtp.url, from: 'dossier@team.example' });
      const error = (await mailer.send(message).catch((e: unknown) => e)) as MailSendError;
      expect(error.reason).toBe('the mail server refused the sender or recipient (SMTP 550)');
      expect(error.message).not.toContain('tok_');
      expect(smtp.messages).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('reports a server that is not there', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as { port: number };
    await new Promise((r) => closed.close(r));
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'dossier@team.example' });
    const error = (await mailer.send(message).catch((e: unknown) => e)) as MailSendError;
    expect(error.reason).toBe('could not connect to the mail server');
  });

  it('gives up on a server that never answers', async () => {
    // Accepts the connection and stays silent: no greeting.
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    try {
      const mailer = createSmtpMailer({
        url: `smtp://127.0.0.1:${port}`,
        from: 'd@team.example',
        timeoutMs: 5000,
      });
      const started = Date.now();
      const error = (await sendWithin(mailer, message, 300).catch((e: unknown) => e)) as MailSendError;
      expect(error.reason).toBe('the mail server did not answer in time');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      silent.close();
    }
  });
});

describe('settings', () => {
  it('parses smtp and smtps URLs', () => {
    expect(parseSmtpUrl('smtp://u%40x:p%2Fq@mail.example:2525')).toEqual({
      host: 'mail.example',
      port: 2525,
      secure: false,
      auth: { user: 'u@x', pass: 'p/q' },
    });
    expect(parseSmtpUrl('smtps://[::1]')).toMatchObject({ host: '::1', port: 465, secure: true });
    expect(parseSmtpUrl('smtp://mail.example')).toMatchObject({ port: 587, auth: undefined });
    for (const bad of ['http://mail.example', 'smtp://', 'smtp://h/path', 'smtp://%zz:p@h', 'nonsense']) {
      expect(parseSmtpUrl(bad), bad).toBeNull();
    }
  });
});
