import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createAccess, createOrganization } from '@dossier/access';
import { createSmtpMailer, operatorInvite } from '@dossier/accounts';
import { startCaptureSmtp } from '@dossier/accounts/testing';
import { createLogger, newApp, registerApi } from '@dossier/api';
import type { Database } from '@dossier/core';
import { createMcpApp } from '@dossier/mcp';
import { createTestDatabase } from '@dossier/testing';
import { type ServerType, serve } from '@hono/node-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleApp } from '../src/index.js';
import { haveChromium, launchChromium } from './chromium.js';

/**
 * Keys, usage and accounts in headless Chromium, against REST, MCP and the console on one port
 * with invitation and reset mail going to a loopback SMTP server.
 */

const shots = resolve(import.meta.dirname, '../../../artifacts/screenshots');
const password = 'correct horse battery';
const email = 'owner@accounts.example';

let database: Database;
let access: ReturnType<typeof createAccess>;
let server: ServerType;
let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let mailer: ReturnType<typeof createSmtpMailer>;
let base: string;
let port: number;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Dialog texts, and whether the next one is accepted. */
const dialogs: string[] = [];
let acceptDialogs = true;

const rest = (key: string, path = '/v1/usage') =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
const text = (testId: string) => page.getByTestId(testId).textContent();

describe.skipIf(!haveChromium)('keys, usage and accounts in a browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    database = await createTestDatabase();
    const log = createLogger('silent');
    access = createAccess({
      database,
      hashSecret: 'browser-accounts-secret',
      kek: randomBytes(32),
      log,
      singleProcess: true,
      usageFlushMs: 0,
    });
    smtp = await startCaptureSmtp();
    mailer = createSmtpMailer({ url: smtp.url, from: 'Dossier <dossier@accounts.example>' });
    const deps = { database, access, log };
    const app = newApp(log);
    app.route('/', createMcpApp(deps));
    registerApi(app, deps);
    app.route('/', createConsoleApp({ database, access, mailer }));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    // console.test is a made-up name for this machine: plain HTTP off localhost, as on a LAN.
    browser = await launchChromium([`--host-resolver-rules=MAP console.test 127.0.0.1`]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void (acceptDialogs ? d.accept() : d.dismiss());
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    mailer?.close?.();
    await smtp?.close();
    await access?.close();
    await database?.close();
  });

  it('names keys, shows one key id everywhere with its limits, and confirms a roll without grace', async () => {
    await page.goto(`${base}/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Organization name').fill('Keys Co');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Project name').fill('Backend');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'No keys in this project' }).waitFor();
    expect(await text('plan-limit')).toContain('Free plan: 10 requests a minute');

    // A key needs a name.
    await page.getByRole('button', { name: 'Create primary key' }).click();
    await expect.poll(() => page.getByText('Name the key').count()).toBeGreaterThan(0);
    await page.getByLabel('Key name').fill('Production server');
    await page.getByRole('button', { name: 'Create primary key' }).click();
    const key = (await text('new-key')) ?? '';
    expect(key).toMatch(/^dsr_live_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    // A scoped key with origins, a rate cap and an expiry: all three in the list.
    await page.getByText('Mint a scoped key').click();
    await page.getByLabel('Name', { exact: true }).fill('Checkout widget');
    await page.getByLabel('Allowed origins (optional, comma-separated)').fill('https://shop.example');
    await page.getByLabel('Rate cap, requests per minute (optional)').fill('5');
    await page.getByRole('button', { name: 'Mint scoped key' }).click();
    await page.getByTestId('new-key').waitFor();
    // Its snippets cover only what a search-only key may call (generated from the operation registry),
    // and read the key from the environment instead of holding it.
    const operation = page.getByLabel('Operation');
    await expect.poll(() => operation.locator('option').count()).toBe(3);
    for (const option of await operation.locator('option').allTextContents())
      expect(option).toContain('/v1/search');
    expect(await text('key-env')).toMatch(/^export DOSSIER_API_KEY=dsr_live_/);
    const panel = page.getByRole('tabpanel');
    expect(await panel.textContent()).toContain(`${base}/v1/search/companies`);
    expect(await panel.textContent()).not.toContain('/v1/company/');
    await page.getByRole('tab', { name: 'TypeScript SDK' }).click();
    await expect.poll(() => panel.textContent()).toContain("dossier.call('search_companies'");
    await operation.selectOption('search_people');
    await page.getByRole('tab', { name: 'Python SDK' }).click();
    await expect.poll(() => panel.textContent()).toContain('dossier.call("search_people"');
    expect(await panel.textContent()).not.toContain('dsr_live_');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const widget = page.getByRole('row', { name: /Checkout widget/ });
    await expect.poll(() => widget.textContent()).toContain('origins: https://shop.example');
    expect(await widget.textContent()).toContain('cap: 5/min');
    expect(await widget.getByRole('cell').nth(6).textContent()).not.toBe('never');
    const server = page.getByRole('row', { name: /Production server/ });
    const keyId = (await server.getByTestId('key-id').textContent()) ?? '';
    expect(keyId).toMatch(/^key_\w+$/);
    expect(await page.content()).not.toContain(key);

    // Three calls: two answered, one refused for a company we do not have.
    expect((await rest(key)).status).toBe(200);
    expect((await rest(key)).status).toBe(200);
    expect((await rest(key, '/v1/company/nobody.example')).status).toBe(404);
    await shot('keys-named');

    // Roll with no grace: a confirmation first; dismissed, nothing happens.
    await server.getByLabel('Grace period for Production server').selectOption('none');
    acceptDialogs = false;
    await server.getByRole('button', { name: 'Roll', exact: true }).click();
    await expect
      .poll(() => dialogs.at(-1))
      .toContain(`Roll Production server (${keyId}) with no grace period?`);
    expect((await rest(key)).status).toBe(200);
    acceptDialogs = true;
    await server.getByRole('button', { name: 'Roll', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'New key replacing Production server' }).waitFor();
    const rolled = await rest(key);
    expect(rolled.status).toBe(401);
    expect((await rolled.json()).message).toContain(`This API key (${keyId}) was revoked on`);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    // The audit log names the same key id.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'key.rolled', exact: true }).waitFor();
    expect(await page.getByRole('row', { name: /key\.rolled/ }).textContent()).toContain(keyId);
    (globalThis as { keyId?: string }).keyId = keyId;
  }, 180_000);

  it('charts daily counts as bars, filters by date, key and operation, exports CSV and lists each request', async () => {
    const keyId = (globalThis as { keyId?: string }).keyId as string;
    await page.getByRole('link', { name: 'Usage' }).click();
    await expect.poll(() => text('total-requests')).toBe('4');
    expect(await text('plan-limit')).toContain('Free plan: 10 requests a minute');
    const bars = page.getByTestId('bar-chart').first().locator('rect');
    await expect.poll(() => bars.count()).toBeGreaterThan(0);
    expect(await page.getByText(`Production server (${keyId})`).count()).toBeGreaterThan(0);

    // The request log: time, key id, operation, status and latency of each call.
    const log = page.getByTestId('request-log');
    await expect.poll(() => log.locator('tbody tr').count()).toBe(4);
    const statuses = await log.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(statuses.sort()).toEqual(['200', '200', '200', '404']);
    expect(await log.locator('tbody tr').first().textContent()).toContain(keyId);
    expect(await log.locator('tbody').textContent()).toMatch(/get_company.*404/);
    expect(await log.locator('tbody').textContent()).toMatch(/\d+ ms/);
    await shot('usage-bars');

    // Filters: by operation, then by a key that made no calls, then a window with nothing in it.
    await page.getByLabel('Operation', { exact: true }).selectOption('get_company');
    await expect.poll(() => text('total-requests')).toBe('1');
    await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Operation', { exact: true }).selectOption('');
    const widgetId = await page
      .getByLabel('Key')
      .locator('option', { hasText: 'Checkout widget' })
      .getAttribute('value');
    await page.getByLabel('Key', { exact: true }).selectOption(widgetId as string);
    await expect.poll(() => text('total-requests')).toBe('0');
    await page.getByLabel('Key', { exact: true }).selectOption('');
    const lastYear = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const lastMonth = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(lastYear);
    await page.getByLabel('To', { exact: true }).fill(lastMonth);
    await expect.poll(() => text('total-requests')).toBe('0');
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await expect.poll(() => text('total-requests')).toBe('4');

    // CSV export of what is shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('day,key_id,key_name,operation,requests,errors,rate_limited');
    expect(csv).toContain(`,${keyId},Production server,get_usage,3,0,0`);
  }, 180_000);

  it('changes the password (other sessions end), switches organizations and resets a forgotten password by email', async () => {
    // A second browser signed in as the same user: changing the password signs it out.
    const other = await browser.newContext();
    const tab = await other.newPage();
    await tab.goto(`${base}/sign-in`);
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Password').fill(password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('heading', { name: 'Projects & keys' }).waitFor();

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('a much longer passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('wrong password').count()).toBeGreaterThan(0);
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => text('password-changed')).toContain('Every other session');
    await tab.reload();
    await tab.getByRole('heading', { name: 'Sign in to Dossier' }).waitFor();
    await other.close();
    await shot('settings-password');

    // A second organization: the switcher appears and moves between them.
    const second = (await createOrganization(database.db, 'Second Co', 'agency')).id;
    const invitation = await operatorInvite(database.db, second, email, 'developer', base);
    await page.goto(invitation.link);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    const switcher = page.getByLabel('Organization', { exact: true });
    await switcher.waitFor();
    await switcher.selectOption({ label: 'Second Co' });
    await expect.poll(() => page.url()).toContain(`/o/${second}/`);
    await switcher.selectOption({ label: 'Keys Co' });
    await expect.poll(() => page.url()).not.toContain(`/o/${second}/`);
    await shot('org-switcher');

    // Forgotten password: an emailed one-time link, then signed in with the new password.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect.poll(() => text('reset-sent')).toContain('a reset link is on its way');
    await expect.poll(() => smtp.messages.length).toBe(1);
    expect(smtp.messages[0]?.to).toEqual([email]);
    const link = new RegExp(`${base}/reset-password#[\\w-]+`).exec(smtp.messages[0]?.decoded ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await page.getByLabel('New password').fill('the newest passphrase');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { name: 'Projects & keys' }).waitFor();
    // An unknown address gets the same answer and no email.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    // Signed out before leaving the page: navigating away at once could cancel the sign-out request,
    // and the forgot-password page sends a signed-in browser on to its projects.
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    await page.goto(`${base}/forgot-password`);
    await page.getByLabel('Email').fill('nobody@accounts.example');
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect.poll(() => text('reset-sent')).toContain('If nobody@accounts.example has an account');
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages).toHaveLength(1);
  }, 180_000);

  it('says sign-in needs HTTPS off localhost instead of dropping the cookie silently', async () => {
    const lan = await browser.newContext();
    const tab = await lan.newPage();
    await tab.goto(`http://console.test:${port}/sign-in`);
    expect(await tab.getByTestId('https-notice').textContent()).toContain('will not keep the sign-in cookie');
    await tab.getByLabel('Email').fill(email);
    await tab.getByLabel('Password').fill('the newest passphrase');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => tab.getByRole('alert').last().textContent())
      .toContain(`Signing in at http://console.test:${port} cannot work`);
    await tab.screenshot({ path: join(shots, 'sign-in-https.png'), fullPage: true });
    await lan.close();
  }, 60_000);
});
