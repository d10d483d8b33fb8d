import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { generateKey } from '@dossier/access';
import { keysIn, registerSecret, scanHeaders, settle, takeFindings } from '@dossier/testing';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/index.js';
import { createHarness } from './harness.js';

/**
 * The key-leak scan (tooling/testing/src/leak-setup.ts) is real: a key planted in each kind of
 * output it watches is found, and what may carry a key (the `key` member of a creation answer, a
 * command's answer on stdout) is let through. Each test takes its own findings, so the scan's
 * end-of-file check stays for the real leaks.
 */
const findings = async () => {
  await settle();
  scanHeaders();
  return takeFindings();
};

describe('key-leak scan', () => {
  const key = generateKey();

  it('recognises whole keys only: a wrong checksum or a cut-off key is not one', () => {
    expect(keysIn(`x ${key} y`)).toEqual([key]);
    const forged = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect(keysIn(forged)).toEqual([]);
    expect(keysIn(key.slice(0, -3))).toEqual([]);
  });

  it('finds a key in a response body and header, and lets the handed-over `key` member through', async () => {
    const app = new Hono();
    app.get('/leak', (c) => c.json({ error: { message: `bad key ${key}` } }, 400));
    app.get('/header', (c) => c.text('ok', 200, { 'x-debug': key }));
    app.get('/created', (c) => c.json({ id: 'key_1', key }));
    app.get('/stream', (c) => c.body(new Blob([`a,b\n${key},1\n`]).stream()));
    await (await app.request('/created')).text();
    expect(await findings()).toEqual([]);
    await (await app.request('/leak')).text();
    await (await app.request('/header')).text();
    await (await app.request('/stream')).text();
    const found = await findings();
    expect(found.map((f) => f.where).sort()).toEqual([
      'response body',
      'response body (stream)',
      'response header x-debug',
    ]);
    // The report never repeats the secret it found.
    for (const f of found) expect(f.context).not.toContain(key);
  });

  it('finds a key in a log line, and proves the service logger scrubs it first', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger('debug', stream).info({ url: `/v1/company/x?key=${key}` }, `caller sent ${key}`);
    expect(lines.join('')).toContain('dsr_live_[redacted]');
    expect(await findings()).toEqual([]);
    stream.write(`${JSON.stringify({ level: 'info', msg: `raw ${key}` })}\n`);
    expect((await findings()).map((f) => f.where)).toEqual(['log line']);
  });

  it('finds a key in what the real API answers and logs, were one to get there', async () => {
    const harness = await createHarness();
    try {
      const { key: real } = await harness.tenant();
      registerSecret(real);
      const ok = await harness.app.request('/v1/usage', { headers: { authorization: `Bearer ${real}` } });
      expect(ok.status).toBe(200);
      // The same key in a URL a caller mistyped: answered and logged without it.
      await harness.app.request(`/v1/company/${real}?api_key=${real}`, {
        headers: { authorization: `Bearer ${real}` },
      });
      expect(await findings()).toEqual([]);
      expect(harness.logLines.length).toBeGreaterThan(0);
    } finally {
      await harness.close();
    }
  }, 120_000);

  it('finds a key a server in another process sends or logs, and leaves a command answer alone', async () => {
    const server = createServer((_req, res) => res.end(JSON.stringify({ note: key })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect((await findings()).map((f) => f.where)).toEqual(['fetched body']);
    } finally {
      server.close();
    }
    const run = (script: string) =>
      new Promise<void>((resolve) => {
        const child = spawn(process.execPath, ['-e', script], { stdio: 'pipe' });
        child.stdout.resume();
        child.stderr.resume();
        child.on('close', () => resolve());
      });
    await run(`console.log('Your primary key, shown only this once: ${key}')`);
    expect(await findings()).toEqual([]);
    await run(`console.log(JSON.stringify({ level: 'info', msg: 'started', key: '${key}' }))`);
    await run(`console.error('Error: bad key ${key}')`);
    expect((await findings()).map((f) => f.where)).toEqual(['child stdout', 'child stderr']);
  });

  it('finds a registered secret that is not a key (a signing secret)', async () => {
    const secret = 'whsec_0123456789abcdefghij';
    registerSecret(secret);
    await new Response(`signature made with ${secret}`).text();
    expect((await findings()).map((f) => f.where)).toEqual(['response body']);
  });

  afterAll(async () => {
    // Nothing planted is left for the end-of-file check.
    expect(await findings()).toEqual([]);
  });
});

describe('every test project runs the scan', () => {
  it('lists leak-setup.ts in its setupFiles', () => {
    const root = join(__dirname, '../../..');
    const projects = ['apps/api', 'apps/cli', 'apps/console', 'apps/mcp'].concat(
      ['access', 'core', 'db', 'sdk'].map((p) => `packages/${p}`),
      ['tooling/testing', 'tooling/bench'],
    );
    for (const project of projects)
      expect(readFileSync(join(root, project, 'vitest.config.ts'), 'utf8'), project).toMatch(
        /setupFiles: \[[^\]]*leak-setup\.ts'/,
      );
    // The root config: these projects, then the reliability suite's own, inline, with the scan too.
    const rootConfig = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
    expect(rootConfig).toMatch(
      /projects: \[\s*'packages\/\*',\s*'apps\/\*',\s*'tooling\/testing',\s*'tooling\/bench',\s*\{\s*test: \{\s*name: 'reliability',/,
    );
    expect(rootConfig).toMatch(
      /name: 'reliability',[^}]*setupFiles: \['tooling\/testing\/src\/leak-setup\.ts'\]/,
    );
    expect(rootConfig.match(/name: '/g)).toHaveLength(1);
  });
});
