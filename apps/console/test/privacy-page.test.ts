import type { AddressInfo } from 'node:net';
import { createAccess, provisionKey } from '@dossier/access';
import { createLogger, newApp, registerApi } from '@dossier/api';
import { type Database, primaryScopes } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { type ServerType, serve } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleApp } from '../src/index.js';
import { haveChromium, launchChromium } from './chromium.js';

// The Privacy page in headless Chromium: an operator key opens it, retention is shown and set, and a
// person is found, erased and gone, through the same REST operations the CLI and API use.

let database: Database;
let access: ReturnType<typeof createAccess>;
let server: ServerType;
let base: string;
let browser: Browser;
let page: Page;
const problems: string[] = [];

describe.skipIf(!haveChromium)('the Privacy page in a browser', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const log = createLogger('silent');
    access = createAccess({
      database,
      hashSecret: 'privacy-page-secret',
      log,
      singleProcess: true,
      usageFlushMs: 0,
    });
    const app = newApp(log);
    registerApi(app, { database, access, log });
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
    await access?.close();
    await database?.close();
  });

  it('opens with an operator key, shows and sets retention, answers an access request and erases', async () => {
    const operator = await provisionKey(database.db, access.keys, {
      org: 'Privacy Ops',
      plan: 'enterprise',
      key: { kind: 'primary', scopes: [...primaryScopes, 'ingest', 'privacy'] },
    });
    const pushed = await fetch(`${base}/v1/records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'people',
        source: 'crm',
        records: [
          { first_name: 'Rosa', last_name: 'Page', email: 'rosa.page@mills.example', company: 'Mills' },
        ],
      }),
    });
    const id = (await pushed.json()).results[0].entity_id as string;

    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByLabel('Email').fill('owner@privacy.example');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Organization name').fill('Privacy Co');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('link', { name: 'Privacy' }).click();

    // A key without the privacy scope is refused with the door's message.
    const plain = await provisionKey(database.db, access.keys, { org: 'Plain', plan: 'enterprise' });
    await page.getByLabel('Privacy key').fill(plain.key);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByText(/privacy/).count()).toBeGreaterThan(1);
    await page.getByLabel('Privacy key').fill(operator.key);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByTestId('retention-jobs').textContent()).toBe('until erased');
    await page.getByLabel('Keep job outputs (days, empty to keep)').fill('30');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expect.poll(() => page.getByTestId('retention-jobs').textContent()).toBe('30 days');

    await page.getByLabel('Person id, email, phone (E.164) or LinkedIn URL').fill('rosa.page@mills.example');
    await page.getByRole('button', { name: 'Access request' }).click();
    await expect.poll(() => page.getByTestId('privacy-result').textContent()).toContain(id);
    await page.getByRole('button', { name: 'Erase' }).click();
    await expect.poll(() => page.getByTestId('privacy-result').textContent()).toContain('"status": "erased"');

    const gone = await fetch(`${base}/v1/person/${id}`, {
      headers: { authorization: `Bearer ${operator.key}` },
    });
    expect(gone.status).toBe(404);
    expect(problems).toEqual([]);
  }, 120_000);
});
