import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createAccess } from '@dossier/access';
import { changePlan, createSmtpMailer } from '@dossier/accounts';
import { startCaptureSmtp } from '@dossier/accounts/testing';
import { createLogger, newApp, registerApi } from '@dossier/api';
import type { Database } from '@dossier/core';
import { createMcpApp } from '@dossier/mcp';
import { createTestDatabase } from '@dossier/testing';
import { type ServerType, serve } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleApp } from '../src/index.js';
import { haveChromium, launchChromium } from './chromium.js';

/**
 * End to end in headless Chromium against the same composition as `dossier serve`: REST (/v1),
 * MCP (/mcp) and the console (/) on one port, over a real socket.
 */

const shots = resolve(import.meta.dirname, '../../../artifacts/screenshots');
const password = 'correct horse battery';

let database: Database;
let access: ReturnType<typeof createAccess>;
let server: ServerType;
let base: string;
let browser: Browser;
let page: Page;
/** Console errors (CSP violations included) and requests leaving our origin (a CDN would show here). */
const problems: string[] = [];

const rest = (key: string, path = '/v1/usage') =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });

const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

describe.skipIf(!haveChromium)('console in a browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    database = await createTestDatabase();
    const log = createLogger('silent');
    access = createAccess({
      database,
      hashSecret: 'browser-test-secret',
      kek: randomBytes(32),
      log,
      singleProcess: true,
      usageFlushMs: 0,
    });
    const deps = { database, access, log };
    const app = newApp(log);
    app.route('/', createMcpApp(deps));
    registerApi(app, deps);
    app.route('/', createConsoleApp({ database, access }));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    page.on('console', (m) => {
      // 401/409 answers are expected in this flow; the browser logs each failed fetch.
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(base)) problems.push(`request outside our origin: ${r.url()}`);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await access?.close();
    await database?.close();
  });

  it('signs up, creates a project and a key, uses it, rolls, revokes and invites up to the seat limit', async () => {
    // Sign up: the sign-in page first, then the link to create an account.
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Enter a valid email address').count()).toBe(1);
    await page.getByLabel('Email').fill('owner@browser.example');
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Organization name').fill('Browser Co');
    await shot('sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await shot('keys-empty');

    // A project, then a primary key shown once with snippets.
    await page.getByLabel('Project name').fill('Website');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'No keys in this project' }).waitFor();
    await page.getByLabel('Key name').fill('Primary key');
    await page.getByRole('button', { name: 'Create primary key' }).click();
    const firstKey = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(firstKey).toMatch(/^dsr_live_/);
    await page.getByRole('tab', { name: 'Claude Code (MCP)' }).click();
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain('claude mcp add');
    await shot('key-created');

    // The REST API accepts it, and the call shows in usage.
    expect((await rest(firstKey)).status).toBe(200);
    await page.getByRole('link', { name: 'Usage' }).click();
    await expect.poll(() => page.getByTestId('total-requests').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('minute-used').textContent()).toBe('1');
    await page.getByRole('heading', { name: 'By operation' }).waitFor();
    expect(await page.getByRole('cell', { name: 'get_usage' }).count()).toBeGreaterThan(0);
    await shot('usage');

    // Roll with a one-hour grace: password again, both keys work, the old one until the grace ends.
    await page.getByRole('link', { name: 'Projects & keys' }).click();
    await page.getByLabel('Grace period for Primary key').selectOption('1h');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    await page.getByRole('heading', { name: 'Confirm your password' }).waitFor();
    await shot('reauth');
    await page.getByRole('dialog').getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'New key replacing Primary key' }).waitFor();
    const secondKey = (await page.getByTestId('new-key').textContent()) ?? '';
    expect(secondKey).toMatch(/^dsr_live_/);
    expect(secondKey).not.toBe(firstKey);
    expect((await rest(firstKey)).status).toBe(200);
    expect((await rest(secondKey)).status).toBe(200);
    await expect.poll(() => page.getByText(/Rolled, works until/).count()).toBe(1);
    const caller = await access.authenticate({ authorization: `Bearer ${firstKey}` });
    const old = await access.keys.get(caller.orgId, caller.keyId);
    const graceEnd = Date.parse(old.expires_at ?? '');
    expect(graceEnd - Date.now()).toBeGreaterThan(3_500_000);
    await expect(
      access.authenticate({ authorization: `Bearer ${firstKey}` }, new Date(graceEnd + 1000)),
    ).rejects.toThrow();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await shot('keys');

    // Revoke the new key: it gets 401 at once.
    await page
      .getByRole('row', { name: /Active/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect.poll(() => page.getByRole('cell', { name: 'Revoked' }).count()).toBe(1);
    expect((await rest(secondKey)).status).toBe(401);

    // Members: the Free plan has one seat; the operator moves the org to Agency (5 seats).
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Email').fill('dev1@browser.example');
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Free plan are taken');
    await changePlan(database.db, caller.orgId, 'agency');
    await page.reload();
    let link = '';
    for (let i = 1; i <= 4; i++) {
      await page.getByLabel('Email').fill(`dev${i}@browser.example`);
      await page.getByRole('button', { name: 'Create invitation link' }).click();
      await expect.poll(() => page.getByTestId('seats').textContent()).toContain(`${i} pending`);
      if (i === 1) link = (await page.getByTestId('invite-link').textContent()) ?? '';
    }
    await page.getByLabel('Email').fill('dev5@browser.example');
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('All 5 seat(s) of the Agency plan are taken');
    await shot('members');

    // An invitee joins through the link in a separate browser session.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await other.newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Join Browser Co' }).waitFor();
    await phone.getByLabel('Choose a password').fill(password);
    await phone.getByRole('button', { name: 'Create account and join' }).click();
    await phone.getByRole('heading', { name: 'Projects & keys' }).waitFor();
    await phone.screenshot({ path: join(shots, 'keys-phone.png'), fullPage: true });
    await other.close();

    // The audit log shows every event, filterable.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'member.joined' }).waitFor();
    for (const action of ['key.created', 'key.rolled', 'key.revoked', 'member.invited', 'org.plan_changed']) {
      expect(await page.getByRole('cell', { name: action, exact: true }).count(), action).toBeGreaterThan(0);
    }
    await shot('audit');
    await page.getByLabel('Event').selectOption('key.revoked');
    await expect.poll(() => page.getByRole('cell', { name: 'key.created', exact: true }).count()).toBe(0);
    expect(await page.getByRole('cell', { name: 'key.revoked', exact: true }).count()).toBe(1);

    // Keyboard: after a load the skip link is the first stop and moves focus to the content.
    await page.reload();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Organization' }).waitFor();
    await shot('settings');
    expect(problems).toEqual([]);
  }, 120_000);

  it('emails an invitation when SMTP is configured', async () => {
    const smtp = await startCaptureSmtp();
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Dossier <dossier@browser.example>' });
    const mailApp = newApp(createLogger('silent'));
    mailApp.route('/', createConsoleApp({ database, access, mailer }));
    const mailServer = serve({ fetch: mailApp.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => mailServer.once('listening', () => r()));
    const mailBase = `http://127.0.0.1:${(mailServer.address() as AddressInfo).port}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    try {
      await tab.goto(`${mailBase}/sign-up`);
      await tab.getByLabel('Email').fill('mailer@browser.example');
      await tab.getByLabel('Password').fill(password);
      await tab.getByLabel('Organization name').fill('Mail Co');
      await tab.getByRole('button', { name: 'Create account' }).click();
      await tab.getByRole('heading', { name: 'No projects yet' }).waitFor();
      const orgId = /\/o\/([^/]+)/.exec(tab.url())?.[1] ?? '';
      await changePlan(database.db, orgId, 'agency');
      await tab.getByRole('link', { name: 'Members' }).click();
      await tab.getByLabel('Email').fill('friend@browser.example');
      await tab.getByRole('button', { name: 'Send invitation' }).click();
      await tab.getByRole('dialog').getByLabel('Password').fill(password);
      await tab.getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => tab.getByTestId('invite-result').textContent())
        .toBe('Invitation emailed to friend@browser.example.');
      expect(await tab.getByTestId('invite-link').count()).toBe(0);
      expect(smtp.messages.map((m) => m.to)).toEqual([['friend@browser.example']]);
      expect(smtp.messages[0]?.decoded).toMatch(new RegExp(`${mailBase}/invite#[\\w-]+`));
      await tab.screenshot({ path: join(shots, 'members-emailed.png'), fullPage: true });
    } finally {
      await context.close();
      await new Promise((r) => mailServer.close(r));
      mailer.close?.();
      await smtp.close();
    }
  }, 120_000);
});
