import type { AddressInfo } from 'node:net';
import { createAccess, provisionKey } from '@dossier/access';
import { createLogger, newApp, registerApi } from '@dossier/api';
import type { Database } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { type ServerType, serve } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, launchChromium } from './chromium.js';

/** The API reference at /docs, in headless Chromium, over the same REST door `dossier serve` mounts. */

let database: Database;
let access: ReturnType<typeof createAccess>;
let server: ServerType;
let base: string;
let browser: Browser;

interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
}

describe.skipIf(!haveChromium)('the API reference page', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const log = createLogger('silent');
    access = createAccess({
      database,
      hashSecret: 'docs-test-secret',
      log,
      singleProcess: true,
      usageFlushMs: 0,
    });
    const app = newApp(log);
    registerApi(app, { database, access, log });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await access?.close();
    await database?.close();
  });

  it('renders every operation with its responses, whatever their content type, without a page error', async () => {
    const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
    const operations: [string, string, Operation][] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(methods)) operations.push([path, method, op]);
    }
    // The document holds a download whose only response type is not JSON (the page once broke on it).
    expect(
      operations.some(([, , op]) => {
        const ok = op.responses['200'] as { content?: Record<string, unknown> } | undefined;
        return ok?.content && !('application/json' in ok.content);
      }),
    ).toBe(true);

    const { key } = await provisionKey(database.db, access.keys, { org: 'Docs Co', plan: 'enterprise' });
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(base)) problems.push(`request outside our origin: ${r.url()}`);
    });
    try {
      await page.goto(`${base}/docs`);
      await page.locator('#schemas').waitFor();
      expect(await page.locator('#ops').textContent()).not.toContain('Could not');

      for (const [path, method, op] of operations) {
        const section = page.locator(`section[id="${op.operationId}"]`);
        expect(await section.count(), op.operationId).toBe(1);
        expect(await section.locator('h2').textContent()).toBe(`${method.toUpperCase()}${path}`);
        const statuses = await section.locator('ul.responses li code').allTextContents();
        expect(statuses, op.operationId).toEqual(Object.keys(op.responses));
        expect(await section.locator('pre.curl').textContent()).toContain(`curl -H "Authorization: Bearer`);
        expect(await page.locator(`nav a[href="#${op.operationId}"]`).count()).toBe(1);
        expect(await section.locator('pre.snippet').count(), op.operationId).toBe(3);
      }

      // One operation's code, copyable in three languages, pointed at this server (not a default).
      const company = page.locator('section[id="get_company"]');
      const code = (lang: string) => company.locator(`pre.snippet[data-lang="${lang}"]`).textContent();
      expect(await code('curl')).toBe(
        `curl -sS --fail-with-body -H "Authorization: Bearer $DOSSIER_API_KEY" \\\n  '${base}/v1/company/northwind.example'`,
      );
      expect(await code('TypeScript')).toContain(`const dossier = new Dossier({ baseUrl: '${base}' });`);
      expect(await code('TypeScript')).toContain(
        'await dossier.call(\'get_company\', {\n  "domain": "northwind.example"\n});',
      );
      expect(await code('Python')).toContain(`dossier = Dossier(base_url="${base}")`);
      expect(await code('Python')).toContain(
        'dossier.call("get_company", {\n    "domain": "northwind.example",\n})',
      );
      for (const label of ['curl', 'TypeScript', 'Python']) {
        expect(await company.getByRole('button', { name: `Copy ${label}` }).count(), label).toBe(1);
      }
      const download = page.locator('section[id="get_audience_job_csv"]');
      expect(await download.locator('ul.responses').textContent()).toContain('text/csv');

      // Try it: the key typed in the header is sent; the answer is shown with its status.
      await page.getByLabel('API key').fill(key);
      const usage = page.locator('section[id="get_usage"]');
      await usage.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(() => usage.locator('pre.output').textContent())
        .toMatch(/^200 OK · application\/json/);
      expect(await usage.locator('pre.output').textContent()).toContain('"credits_used"');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
