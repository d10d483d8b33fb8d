import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsole } from '@dossier/accounts';
import { isDossierError, silentLogger } from '@dossier/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../src/commands/args.js';
import { keysCommand } from '../src/commands/keys.js';
import { orgsCommand } from '../src/commands/orgs.js';
import { planCommand } from '../src/commands/plan.js';
import { cliEnv } from '../src/env.js';
import { openRuntime } from '../src/runtime/runtime.js';
import { runCli } from './run-cli.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const commands = { keys: keysCommand, orgs: orgsCommand, plan: planCommand };

/**
 * Runs a command in this process the way main.ts does (stdout, stderr, exit code 0, 1 or 2): one
 * process per command costs tens of seconds on a busy machine, so only one check below spawns.
 */
async function cli(args: string[], dir: string) {
  const env = cliEnv.parse({ DOSSIER_DATA_DIR: dir, LOG_LEVEL: 'silent' });
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  let code = 0;
  try {
    const [command, ...rest] = args;
    await commands[command as keyof typeof commands](rest, env);
  } catch (error) {
    if (!(error instanceof UsageError) && !isDossierError(error)) throw error;
    stderr += `${error.message}\n`;
    code = error instanceof UsageError ? 2 : 1;
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return { code, stdout, stderr };
}

/** Signs up through the console service, as the console's sign-up page does; returns the organization id. */
async function signUp(dir: string, accounts: [string, string][]): Promise<string[]> {
  const env = cliEnv.parse({ DOSSIER_DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const runtime = await openRuntime(env, silentLogger, 'test');
  try {
    await runtime.database.migrate();
    const service = createConsole({ database: runtime.database, access: runtime.access });
    const ids: string[] = [];
    for (const [email, organization] of accounts) {
      const created = await service.signUp(
        { email, password: 'correct horse battery', organization },
        { ip: '127.0.0.1', userAgent: 'test' },
      );
      ids.push(created.orgId);
    }
    return ids;
  } finally {
    await runtime.close();
  }
}

describe('organizations in the CLI', () => {
  it('finds console-made organizations by id or exact name, lists candidates for a shared name, and creates only when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dossier-orgs-'));
    dirs.push(dir);
    const env = dir;

    // Three organizations made in the console, two of them with the same name.
    const [solo, acme1, acme2] = (await signUp(dir, [
      ['solo@orgs.example', 'Solo Co'],
      ['one@acme.example', 'Acme Test'],
      ['two@acme.example', 'Acme Test'],
    ])) as [string, string, string];

    // By exact name and by id, in every command that takes --org.
    const byName = await cli(['keys', 'list', '--org', 'Solo Co'], env);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout.trim()).toBe('(no keys)');
    expect((await cli(['keys', 'list', '--org', solo], env)).code).toBe(0);
    const soloKey = await cli(['keys', 'create', '--org', 'Solo Co', '--json'], env);
    expect(soloKey.code, soloKey.stderr).toBe(0);
    expect(JSON.parse(soloKey.stdout)).toMatchObject({ org_id: solo, plan: 'free' });

    // A shared name is an error listing both (here through the real command line); the id picks one.
    const ambiguous = await runCli(['keys', 'create', '--org', 'Acme Test'], { DOSSIER_DATA_DIR: dir });
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('2 organizations are named "Acme Test"; give one by its id:');
    expect(ambiguous.stderr).toContain(acme1);
    expect(ambiguous.stderr).toContain(acme2);
    for (const args of [
      ['keys', 'list', '--org', 'Acme Test'],
      ['plan', 'set', '--org', 'Acme Test', '--plan', 'agency'],
    ]) {
      const res = await cli(args, env);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toContain(acme2);
    }
    const picked = await cli(['keys', 'create', '--org', acme2, '--json'], env);
    expect(JSON.parse(picked.stdout)).toMatchObject({ org_id: acme2 });
    expect((await cli(['plan', 'set', '--org', acme1, '--plan', 'agency'], env)).code).toBe(0);

    // A missing organization is an error that says how to create it; an id never becomes a name.
    const missing = await cli(['keys', 'create', '--org', 'Nope Ltd'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      'No organization "Nope Ltd". Create it with: dossier orgs create "Nope Ltd" --plan free',
    );
    const unknownId = await cli(['keys', 'create', '--org', 'org_doesnotexist', '--plan', 'free'], env);
    expect(unknownId.code).toBe(1);
    expect(unknownId.stderr).toContain('No organization "org_doesnotexist"');

    // Creation is explicit, once per name; a plan that differs is not changed behind the operator's back.
    const created = await cli(['orgs', 'create', 'Nope Ltd', '--plan', 'starter', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const nope = JSON.parse(created.stdout);
    expect(nope).toMatchObject({ name: 'Nope Ltd', plan: 'starter' });
    const again = await cli(['orgs', 'create', 'Nope Ltd', '--plan', 'free'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`An organization named "Nope Ltd" exists already (${nope.id}`);
    const otherPlan = await cli(['keys', 'create', '--org', 'Nope Ltd', '--plan', 'agency'], env);
    expect(otherPlan.code).toBe(2);
    expect(otherPlan.stderr).toContain(`dossier plan set --org ${nope.id} --plan agency`);
    expect((await cli(['keys', 'create', '--org', 'nope ltd', '--plan', 'starter'], env)).code).toBe(0);

    // The documented first key still works: a new name with --plan creates the organization.
    const first = await cli(['keys', 'create', '--org', 'acme', '--plan', 'free'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toMatch(/^dsr_live_\w+$/);
    expect(first.stderr).toMatch(/^created organization acme \(org_\w+\) on the free plan$/m);

    const list = await cli(['orgs', 'list', '--json'], env);
    const orgs = JSON.parse(list.stdout) as { id: string; name: string; plan: string }[];
    expect(orgs.map((o) => o.name)).toEqual(['Solo Co', 'Acme Test', 'Acme Test', 'Nope Ltd', 'acme']);
    expect(orgs.find((o) => o.id === acme1)?.plan).toBe('agency');
    const plain = await cli(['orgs', 'list'], env);
    expect(plain.stdout).toMatch(new RegExp(`^${nope.id}  starter +\\d{4}-\\d\\d-\\d\\d  Nope Ltd$`, 'm'));
  }, 300_000);
});
