import { parseArgs } from 'node:util';
import { operatorInvite, operatorResetLink } from '@dossier/accounts';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';

const usage = `Usage:
  dossier users reset-password EMAIL [--url ORIGIN] [--json]
  dossier users invite EMAIL --org ORG [--role owner|admin|developer|viewer] [--url ORIGIN] [--json]

Links point at --url, else DOSSIER_PUBLIC_URL, else http://localhost:PORT.`;

/**
 * Operator commands for console accounts: a one-time password reset link when the server sends
 * no mail, and an invitation link to any organization (the demo organization included).
 */
export async function usersCommand(argv: string[], env: CliEnv): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      org: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      url: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (sub !== 'reset-password' && sub !== 'invite') throw usageError(usage);
  const email = positionals[0];
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw usageError(`EMAIL is required\n${usage}`);
  if (sub === 'invite' && !values.org) throw usageError(`--org is required\n${usage}`);
  const origin = (values.url ?? env.DOSSIER_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  if (!/^https?:\/\/[^/]+$/.test(origin))
    throw usageError(`--url must be an origin such as https://dossier.example.com`);
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), `dossier users ${sub}`);
  try {
    await runtime.database.migrate();
    const { db } = runtime.database;
    if (sub === 'reset-password') {
      const reset = await operatorResetLink(db, email, origin);
      process.stdout.write(
        values.json
          ? `${JSON.stringify(reset)}\n`
          : `Password reset link for ${reset.email} (works once, until ${reset.expires_at}):\n\n  ${reset.link}\n\n`,
      );
    } else {
      const invited = await operatorInvite(db, values.org as string, email, values.role as string, origin);
      process.stdout.write(
        values.json
          ? `${JSON.stringify(invited)}\n`
          : `Invitation for ${invited.email} to ${invited.organization} as ${invited.role} (until ${invited.expires_at}):\n\n  ${invited.link}\n\nOpen it, sign up or sign in as ${invited.email}, and the organization is in your console.\n`,
      );
    }
  } finally {
    await runtime.close();
  }
}
