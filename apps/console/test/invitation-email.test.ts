import { changePlan, createSmtpMailer, emailOffReason, type Mailer } from '@dossier/accounts';
import { type CaptureSmtp, startCaptureSmtp } from '@dossier/accounts/testing';
import type { Logger } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleHarness, password } from './harness.js';

/** A logger that keeps every line, so tests can prove what never reaches a log. */
function recordingLogger() {
  const lines: string[] = [];
  const keep = (obj: object | string, msg?: string) => lines.push(JSON.stringify({ obj, msg }));
  const log: Logger = { debug: keep, info: keep, warn: keep, error: keep };
  return { log, lines };
}

async function ownerWithSeats(h: Awaited<ReturnType<typeof createConsoleHarness>>, email: string) {
  const owner = h.client();
  const { org_id } = await owner.signUp(email, 'Mail Co');
  await changePlan(h.database.db, org_id, 'agency');
  await owner.reauth();
  return { owner, orgId: org_id };
}

describe('invitations by email over SMTP', () => {
  let smtp: CaptureSmtp;
  let mailer: Mailer;
  let h: Awaited<ReturnType<typeof createConsoleHarness>>;
  const logs = recordingLogger();
  beforeAll(async () => {
    smtp = await startCaptureSmtp();
    mailer = createSmtpMailer({ url: smtp.url, from: 'Dossier <dossier@mail.example>' });
    h = await createConsoleHarness({ mailer, log: logs.log });
  });
  afterAll(async () => {
    mailer.close?.();
    await smtp.close();
    await h.close();
  });

  it('emails the link to the invitee and says so', async () => {
    const { owner, orgId } = await ownerWithSeats(h, 'owner@mail.example');
    expect((await owner.get(`/console/api/orgs/${orgId}`)).json.email_enabled).toBe(true);
    const res = await owner.post(`/console/api/orgs/${orgId}/invitations`, {
      email: 'New@Mail.example',
      role: 'developer',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: 'new@mail.example', email_sent: true });
    expect(res.json.email_reason).toBeUndefined();
    expect(res.json.link).toBe(`http://localhost/invite#${res.json.token}`);

    const mail = smtp.messages.at(-1);
    expect(mail?.to).toEqual(['new@mail.example']);
    expect(mail?.from).toBe('dossier@mail.example');
    expect(mail?.subject).toBe('owner@mail.example invited you to Mail Co on Dossier');
    expect(mail?.decoded).toContain(res.json.link);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);

    // The emailed link is the invitation: the invitee joins with it.
    const token = /\/invite#([\w-]+)/.exec(mail?.decoded ?? '')?.[1];
    const joined = await h.client().post('/console/api/auth/sign-up', {
      email: 'new@mail.example',
      password,
      invitation: token,
    });
    expect(joined.status).toBe(201);
    expect(joined.json.org_id).toBe(orgId);

    const audit = await owner.get(`/console/api/orgs/${orgId}/audit?action=member.invited`);
    expect(audit.json[0].data).toEqual({ email: 'new@mail.example', role: 'developer', email_sent: true });
    expect(logs.lines.join('\n')).not.toContain(res.json.token);
  });
});

describe('when the mail server fails', () => {
  it('keeps the invitation usable, says why, audits it and logs no token', async () => {
    const smtp = await startCaptureSmtp({ refuseRcpt: [550, '5.1.1 mailbox unavailable'] });
    const mailer = createSmtpMailer({ url: smtp.url, from: 'dossier@mail.example' });
    const logs = recordingLogger();
    const h = await createConsoleHarness({ mailer, log: logs.log });
    try {
      const { owner, orgId } = await ownerWithSeats(h, 'owner2@mail.example');
      const res = await owner.post(`/console/api/orgs/${orgId}/invitations`, {
        email: 'bounce@mail.example',
        role: 'viewer',
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        email_sent: false,
        email_reason: 'the mail server refused the sender or recipient (SMTP 550)',
      });
      expect(smtp.messages).toEqual([]);

      const members = await owner.get(`/console/api/orgs/${orgId}/members`);
      expect(members.json.invitations.map((i: { email: string }) => i.email)).toEqual([
        'bounce@mail.example',
      ]);
      const preview = await h.client().post('/console/api/invitations/preview', { token: res.json.token });
      expect(preview.json).toMatchObject({ organization: 'Mail Co', role: 'viewer' });
      const joined = await h.client().post('/console/api/auth/sign-up', {
        email: 'bounce@mail.example',
        password,
        invitation: res.json.token,
      });
      expect(joined.json.org_id).toBe(orgId);

      const audit = await owner.get(`/console/api/orgs/${orgId}/audit?action=member.invited`);
      expect(audit.json[0].data).toMatchObject({
        email_sent: false,
        email_error: 'the mail server refused the sender or recipient (SMTP 550)',
      });
      const logged = logs.lines.join('\n');
      expect(logged).toContain('invitation email not sent');
      expect(logged).toContain(res.json.id);
      expect(logged).not.toContain(res.json.token);
      expect(logged).not.toContain('/invite#');
    } finally {
      mailer.close?.();
      await smtp.close();
      await h.close();
    }
  });

  it('does not wait past the mail timeout, and a throwing mailer changes nothing', async () => {
    const hanging: Mailer = { send: () => new Promise(() => {}) };
    const h = await createConsoleHarness({ mailer: hanging, mailTimeoutMs: 200 });
    const broken: Mailer = {
      send: async () => {
        throw new Error('boom with secret details');
      },
    };
    const h2 = await createConsoleHarness({ mailer: broken });
    try {
      const { owner, orgId } = await ownerWithSeats(h, 'owner3@mail.example');
      const started = Date.now();
      const res = await owner.post(`/console/api/orgs/${orgId}/invitations`, {
        email: 'slow@mail.example',
        role: 'viewer',
      });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.json).toMatchObject({
        email_sent: false,
        email_reason: 'the mail server did not answer in time',
      });

      const second = await ownerWithSeats(h2, 'owner4@mail.example');
      const res2 = await second.owner.post(`/console/api/orgs/${second.orgId}/invitations`, {
        email: 'x@mail.example',
        role: 'viewer',
      });
      expect(res2.status).toBe(201);
      expect(res2.json).toMatchObject({ email_sent: false, email_reason: 'sending failed' });
    } finally {
      await h.close();
      await h2.close();
    }
  });
});

describe('without SMTP', () => {
  it('says email is off and returns the link to copy; the public URL shapes links', async () => {
    const h = await createConsoleHarness({ publicUrl: 'https://dossier.example.com' });
    try {
      const { owner, orgId } = await ownerWithSeats(h, 'owner5@mail.example');
      expect((await owner.get(`/console/api/orgs/${orgId}`)).json.email_enabled).toBe(false);
      const res = await owner.post(`/console/api/orgs/${orgId}/invitations`, {
        email: 'copy@mail.example',
        role: 'viewer',
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ email_sent: false, email_reason: emailOffReason });
      expect(res.json.link).toBe(`https://dossier.example.com/invite#${res.json.token}`);
      const audit = await owner.get(`/console/api/orgs/${orgId}/audit?action=member.invited`);
      expect(audit.json[0].data).toMatchObject({ email_sent: false, email_error: emailOffReason });
    } finally {
      await h.close();
    }
  });
});
