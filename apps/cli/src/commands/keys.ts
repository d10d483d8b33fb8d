import { parseArgs } from 'node:util';
import { findOrganization, type Grace, graceOptions, openRuntime, provisionKey } from '@dossier/access';
import { DossierError, plans, primaryScopes } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { parseDuration, usageError } from './args.js';

const usage = `Usage:
  dossier keys create --org NAME --plan free|starter|agency|enterprise [--project NAME] [--ingest] [--json]
  dossier keys scoped --org NAME --scopes enrich,search,... --expires 30d [--origins https://app.example,...] [--rate-limit N] [--project NAME] [--json]
  dossier keys list --org NAME [--json]
  dossier keys roll KEY_ID [--grace none|1h|24h|7d] [--json]
  dossier keys revoke KEY_ID`;

const options = {
  org: { type: 'string' },
  plan: { type: 'string' },
  project: { type: 'string' },
  scopes: { type: 'string' },
  origins: { type: 'string' },
  expires: { type: 'string' },
  'rate-limit': { type: 'string' },
  grace: { type: 'string', default: '24h' },
  ingest: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

const split = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export async function keysCommand(argv: string[], env: CliEnv): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({ args: rest, options, allowPositionals: true });
  if (!sub || !['create', 'scoped', 'list', 'roll', 'revoke'].includes(sub)) throw usageError(usage);
  const log = commandLogger(env.LOG_LEVEL);
  const runtime = await openRuntime(env, log, `dossier keys ${sub}`);
  // Keys can be the first thing an operator does with a fresh data folder or database.
  await runtime.database.migrate().catch(async (error) => {
    await runtime.close();
    throw error;
  });
  const out = (text: string, data: unknown) =>
    process.stdout.write(`${values.json ? JSON.stringify(data) : text}\n`);
  try {
    const { db } = runtime.database;
    if (sub === 'create' || sub === 'scoped') {
      if (!values.org) throw usageError(`--org is required\n${usage}`);
      const existing = await findOrganization(db, values.org);
      const plan = values.plan ?? existing?.plan;
      if (!plan || !(plans as readonly string[]).includes(plan))
        throw usageError(`--plan must be one of ${plans.join(', ')}\n${usage}`);
      const scoped = sub === 'scoped';
      if (scoped && !values.expires)
        throw usageError(`--expires is required for a scoped key (e.g. 30d)\n${usage}`);
      const created = await provisionKey(db, runtime.access.keys, {
        org: values.org,
        plan: plan as (typeof plans)[number],
        project: values.project,
        key: scoped
          ? {
              kind: 'scoped',
              scopes: split(values.scopes),
              origins: split(values.origins),
              expiresAt: new Date(Date.now() + parseDuration(values.expires as string)),
              rateLimit: values['rate-limit'] ? Number(values['rate-limit']) : null,
            }
          : { kind: 'primary', scopes: values.ingest ? [...primaryScopes, 'ingest'] : undefined },
      });
      out(created.key, {
        key: created.key,
        key_id: created.keyId,
        org_id: created.orgId,
        project_id: created.projectId,
        plan,
      });
    } else if (sub === 'list') {
      if (!values.org) throw usageError(`--org is required\n${usage}`);
      const org = await findOrganization(db, values.org);
      if (!org) throw new DossierError('not_found', `organization ${values.org} not found`);
      const keys = await runtime.access.keys.list(org.id);
      const lines = keys.map(
        (k) =>
          `${k.id}  ${k.display}  ${k.kind.padEnd(7)}  ${k.revoked_at ? 'revoked' : k.expires_at && new Date(k.expires_at) < new Date() ? 'expired' : 'active '}  ${k.scopes.join(',')}`,
      );
      out(lines.join('\n') || '(no keys)', keys);
    } else {
      const keyId = positionals[0];
      if (!keyId) throw usageError(`KEY_ID is required\n${usage}`);
      const orgId = await runtime.access.keys.orgOf(keyId);
      if (sub === 'roll') {
        if (!(values.grace in graceOptions))
          throw usageError(`--grace must be one of ${Object.keys(graceOptions).join(', ')}`);
        const rolled = await runtime.access.keys.roll(orgId, keyId, values.grace as Grace);
        out(rolled.key, {
          key: rolled.key,
          key_id: rolled.summary.id,
          old_key_id: keyId,
          old_works_until: rolled.old.works_until,
        });
      } else {
        await runtime.access.keys.revoke(orgId, keyId);
        out(`revoked ${keyId}`, { revoked: keyId });
      }
    }
  } finally {
    await runtime.close();
  }
}
