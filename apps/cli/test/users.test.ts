import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsole } from '@dossier/accounts';
import { isDossierError, silentLogger } from '@dossier/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../src/commands/args.js';
import { keysCommand } from '../src/commands/keys.js';
import { orgsCommand } from '../src/commands/orgs.js';
import { usersCommand } from '../src/commands/users.js';
import { cliEnv } from '../src/env.js';
import { openRuntime } from '../src/runtime/runtime.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-users-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const commands = { keys: keysCommand, orgs: orgsCommand, users: usersCommand };
const env = cliEnv.parse({ DOSSIER_DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '3999' });
const meta = { ip: '127.0.0.1', userAgent: 'test' };

/** One command in this process, as main.ts runs it: stdout, stderr and the exit code. */
async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
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
  }
  return { code, stdout, stderr };
}

/** The console service over the same data folder, opened for one step and closed again. */
async function withConsole<T>(use: (service: ReturnType<typeof createConsole>) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(env, silentLogger, 'test');
  try {
    return await use(createConsole({ database: runtime.database, access: runtime.access }));
  } finally {
    await runtime.close();
  }
}

const tokenOf = (link: string, path: string) => {
  const match = new RegExp(`^http://localhost:3999/${path}#([\\w-]+)$`).exec(link);
  if (!match) throw new Error(`unexpected link ${link}`);
  return match[1] as string;
};

describe('dossier users', () => {
  it('invites an operator into the organization that owns a CLI-made key, which then shows in the console', async () => {
    expect((await cli('orgs', 'create', 'Demo', '--plan', 'enterprise')).code).toBe(0);
    const key = JSON.parse((await cli('keys', 'create', '--org', 'Demo', '--json')).stdout);
    const invited = await cli('users', 'invite', 'ops@users.example', '--org', 'Demo', '--json');
    expect(invited.code, invited.stderr).toBe(0);
    const invitation = JSON.parse(invited.stdout);
    expect(invitation).toMatchObject({ organization: 'Demo', email: 'ops@users.example', role: 'owner' });
    const token = tokenOf(invitation.link, 'invite');
    const keys = await withConsole(async (service) => {
      const joined = await service.signUp(
        { email: 'ops@users.example', password: 'correct horse battery', invitation: token },
        meta,
      );
      expect(joined.orgId).toBe(key.org_id);
      const session = await service.sessions.resolve(joined.token);
      const ctx = { session: session as NonNullable<typeof session>, ...meta };
      const audit = await service.auditLog(ctx, joined.orgId, { action: 'member.invited' });
      expect(audit[0]?.data).toMatchObject({ by: 'operator', email: 'ops@users.example' });
      return service.listKeys(ctx, joined.orgId);
    });
    expect(keys.map((k) => k.id)).toContain(key.key_id);

    const plain = await cli('users', 'invite', 'dev@users.example', '--org', 'Demo', '--role', 'developer');
    expect(plain.stdout).toMatch(/^Invitation for dev@users\.example to Demo as developer/);
    expect(
      (await cli('users', 'invite', 'x@users.example', '--org', 'Demo', '--role', 'boss')).stderr,
    ).toContain('role: must be one of owner, admin, developer, viewer');
    expect((await cli('users', 'invite', 'x@users.example', '--org', 'Nowhere')).code).toBe(1);
    expect((await cli('users', 'invite', 'x@users.example')).code).toBe(2);
  });

  it('prints a one-time reset link that sets a new password and ends every session', async () => {
    const before = await withConsole((service) =>
      service.signIn({ email: 'ops@users.example', password: 'correct horse battery' }, meta),
    );
    const printed = await cli('users', 'reset-password', 'OPS@users.example');
    expect(printed.code, printed.stderr).toBe(0);
    const link = /(http:\/\/\S+)/.exec(printed.stdout)?.[1] as string;
    const token = tokenOf(link, 'reset-password');
    await withConsole(async (service) => {
      await service.completePasswordReset({ token, password: 'a brand new passphrase' }, meta);
      expect(await service.sessions.resolve(before.token)).toBeNull();
      await expect(
        service.signIn({ email: 'ops@users.example', password: 'correct horse battery' }, meta),
      ).rejects.toThrow('Wrong email or password.');
      await expect(
        service.signIn({ email: 'ops@users.example', password: 'a brand new passphrase' }, meta),
      ).resolves.toBeTruthy();
      // Spent: the same link cannot be used twice.
      await expect(
        service.completePasswordReset({ token, password: 'yet another passphrase' }, meta),
      ).rejects.toThrow('This reset link is invalid, used or expired');
    });
    const unknown = await cli('users', 'reset-password', 'nobody@users.example');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No console account uses nobody@users.example.');
  });
});
