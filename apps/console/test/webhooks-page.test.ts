import type { AddressInfo } from 'node:net';
import { createAccess, provisionKey } from '@dossier/access';
import { createLogger, newApp, registerApi } from '@dossier/api';
import { type Database, webhooks } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { type ServerType, serve } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../packages/core/testing/webhook-helpers.js';
import { verifyWebhook } from '../../../packages/sdk/src/webhooks.js';
import { createConsoleApp } from '../src/index.js';
import { haveChromium, launchChromium } from './chromium.js';

// The Webhooks page in headless Chromium: a project key opens it; a subscription is created (its secret
// shown once), sent a test event that a loopback receiver verifies, replayed, rotated and deleted,
// through the REST operations the CLI and MCP use.

let database: Database;
let access: ReturnType<typeof createAccess>;
let server: ServerType;
let base: string;
let browser: Browser;
let page: Page;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const problems: string[] = [];
const allowPrivate = ['127.0.0.1'];

describe.skipIf(!haveChromium)('the Webhooks page in a browser', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    const log = createLogger('silent');
    access = createAccess({
      database,
      hashSecret: 'webhooks-page-secret',
      log,
      singleProcess: true,
      usageFlushMs: 0,
    });
    const app = newApp(log);
    registerApi(app, { database, access, log, webhooks: { allowPrivate } });
    app.route('/', createConsoleApp({ database, access }));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (d) => void d.accept());
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await receiver?.close();
    await access?.close();
    await database?.close();
  });

  const deliver = () =>
    webhooks.createWebhookWorker({ database, allowPrivate, timeoutMs: 15_000 }).runUntilIdle();
  const status = (id: string) =>
    page.getByTestId(`delivery-${id}`).getByTestId('delivery-status').textContent();

  it('creates a subscription with its secret shown once, tests, replays, rotates and deletes it', async () => {
    const project = await provisionKey(database.db, access.keys, { org: 'Hooks Co', plan: 'enterprise' });

    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByLabel('Email').fill('owner@hooks.example');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Organization name').fill('Hooks Co');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();

    await page.getByLabel('Project key').fill(project.key);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByText('No subscriptions in this project yet.').count()).toBe(1);

    // A private address is refused with the field named.
    await page.getByLabel('Receiver URL').fill('http://10.0.0.1/hook');
    await page.getByRole('button', { name: 'Create subscription' }).click();
    await expect.poll(() => page.getByText(/url: 10\.0\.0\.1 is not a public address/).count()).toBe(1);

    await page.getByLabel('Receiver URL').fill(receiver.url);
    await page.getByLabel('import.completed').check();
    await page.getByLabel('Only these topics (comma-separated, empty for all)').fill('crm software');
    await page.getByRole('button', { name: 'Create subscription' }).click();
    await expect.poll(() => page.getByTestId('webhook-secret').count()).toBe(1);
    const secret = (await page.getByTestId('webhook-secret').textContent()) as string;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    const row = page.locator('[data-testid^="subscription-whs_"]');
    expect(await row.textContent()).toContain('intent.surge, import.completed');
    const id = ((await row.getAttribute('data-testid')) as string).replace('subscription-', '');

    await page.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Test event queued as msg_/);
    const delivery = ((await page.getByRole('status').textContent()) as string).match(
      /msg_\w+/,
    )?.[0] as string;
    await expect.poll(() => status(delivery)).toBe('pending'); // the list reloads after the message shows

    await deliver();
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0];
    const event = await verifyWebhook(secret, first?.body ?? '', first?.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'webhook.test', data: { subscription_id: id } });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => status(delivery)).toBe('succeeded');
    expect(await page.getByTestId(`delivery-${delivery}`).textContent()).toContain('204 in');

    await page.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(`${delivery} queued again.`);
    await expect.poll(() => status(delivery)).toBe('pending'); // the list reloads after the message shows
    await deliver();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([delivery, delivery]);

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await expect.poll(() => page.getByTestId('webhook-secret').count()).toBe(1);
    const rotated = await page.getByTestId('webhook-secret').textContent();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => row.textContent()).toContain('off (disabled by its owner)');
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('No subscriptions in this project yet.').count()).toBe(1);
    const gone = await fetch(`${base}/v1/webhooks/subscriptions/${id}`, {
      headers: { authorization: `Bearer ${project.key}` },
    });
    expect(gone.status).toBe(404);
    expect(problems).toEqual([]);
  }, 180_000);
});
