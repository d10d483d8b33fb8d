import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli, waitForOutput } from './run-cli.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-cli-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('dossier configuration', () => {
  it('exits 1 with one line naming the bad variable', async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['DATABASE_URL', 'mysql://x'],
      ['LOG_LEVEL', 'loud'],
    ] as const) {
      const { code, stderr } = await runCli(['migrate'], { DOSSIER_DATA_DIR: dataDir(), [name]: value });
      expect(code, name).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(name);
    }
  });

  it('requires DOSSIER_SECRET with DATABASE_URL', async () => {
    const { code, stderr } = await runCli(['migrate'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
    expect(code).toBe(1);
    expect(stderr).toContain('DOSSIER_SECRET');
  });

  it('answers an unknown command with usage and exit 2', async () => {
    const { code, stderr } = await runCli(['frobnicate'], {});
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command');
  });
});

describe('dossier serve and keys on the embedded database', () => {
  it('prints a working key on first start, refuses a second opener, and stops gracefully with usage flushed', async () => {
    const dir = dataDir();
    const server = startCli(['serve'], { DOSSIER_DATA_DIR: dir, PORT: '0', USAGE_FLUSH_MS: '600000' });
    const out = await waitForOutput(
      server,
      /curl -H "Authorization: Bearer (dsr_live_\w+)" (http:\/\/[\d.:]+)/,
    );
    const [, key, base] = /curl -H "Authorization: Bearer (dsr_live_\w+)" (http:\/\/[\d.:]+)/.exec(
      out,
    ) as RegExpExecArray;

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({
      status: 'ready',
      database: 'pglite',
    });
    const company = await fetch(`${base}/v1/company/northwind.example`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(company.status).toBe(200);
    expect((await company.json()).domain).toBe('northwind.example');
    const denied = await fetch(`${base}/v1/company/northwind.example`);
    expect(denied.status).toBe(401);
    expect((await denied.json()).error).toBe('unauthorized');
    // no log line carries the key
    expect(out.split('\n').filter((line) => line.startsWith('{') && line.includes(key as string))).toEqual(
      [],
    );

    const second = await runCli(['keys', 'list', '--org', 'Demo'], { DOSSIER_DATA_DIR: dir });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by process \d+ \(dossier serve/);

    server.kill('SIGTERM');
    const [code] = await once(server, 'exit');
    expect(code).toBe(0);

    // the usage counted in memory was flushed on the way out, and the lock is free again
    const list = await runCli(['keys', 'list', '--org', 'Demo', '--json'], { DOSSIER_DATA_DIR: dir });
    expect(list.code).toBe(0);
    const [listed] = JSON.parse(list.stdout);
    expect(listed.last_used_at).not.toBeNull();
    expect(list.stdout).not.toContain(key);
  });

  it('creates a working key against a stopped database, with plain and JSON output', async () => {
    const dir = dataDir();
    const created = await runCli(['keys', 'create', '--org', 'acme', '--plan', 'free'], {
      DOSSIER_DATA_DIR: dir,
    });
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^dsr_live_[0-9A-Za-z]{49}$/);

    const json = await runCli(['keys', 'create', '--org', 'acme', '--plan', 'free', '--json'], {
      DOSSIER_DATA_DIR: dir,
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ plan: 'free', key: expect.stringMatching(/^dsr_live_/) });

    // A container's bare host name as HELO name: the verifier warns once at start-up.
    const server = startCli(['serve'], {
      DOSSIER_DATA_DIR: dir,
      PORT: '0',
      DOSSIER_DEMO: 'false',
      VERIFY_HELO_NAME: '3f9a1c2b7d4e',
    });
    const out = await waitForOutput(server, /^(?=[\s\S]*"url":"http:)(?=[\s\S]*will not run SMTP checks)/);
    const warnings = out.split('\n').filter((line) => line.includes('will not run SMTP checks'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('VERIFY_HELO_NAME \\"3f9a1c2b7d4e\\" is not fully qualified');
    const base = (/"url":"(http:[^"]+)"/.exec(out) as RegExpExecArray)[1];
    const res = await fetch(`${base}/v1/company/northwind.example`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(404); // authenticated; no demo data in this folder
    server.kill('SIGTERM');
    expect((await once(server, 'exit'))[0]).toBe(0);
  });
});
