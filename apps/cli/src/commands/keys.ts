import { parseArgs } from 'node:util';
import { ensureProject, type Grace, graceOptions, resolveOrganization } from '@dossier/access';
import { primaryScopes } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { parseDuration, usageError } from './args.js';
import { createNamed, missingOrganization, planList, planOf, requireOrganization } from './organizations.js';

const usage = `Usage:
  dossier keys create --org NAME|ORG_ID [--plan ${planList}] [--project NAME] [--ingest] [--privacy] [--json]
  dossier keys scoped --org NAME|ORG_ID --scopes enrich,search,... --expires 30d [--origins https://app.example,...] [--rate-limit N] [--project NAME] [--json]
  dossier keys list --org NAME|ORG_ID [--json]
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
  privacy: { type: 'boolean', default: false },
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
      const scoped = sub === 'scoped';
      if (scoped && !values.expires)
        throw usageError(`--expires is required for a scoped key (e.g. 30d)\n${usage}`);
      const plan = values.plan === undefined ? undefined : planOf(values.plan, usage);
      // An organization is found by id or name. A name that matches none is created only when
      // --plan is given (the documented first key: keys create --org NAME --plan free); an id never.
      let org = await resolveOrganization(db, values.org);
      if (!org) {
        if (!plan || /^org_/.test(values.org)) throw missingOrganization(values.org);
        org = await createNamed(db, values.org, plan);
        process.stderr.write(`created organization ${org.name} (${org.id}) on the ${org.plan} plan\n`);
      } else if (plan && plan !== org.plan) {
        throw usageError(
          `${org.name} (${org.id}) is on the ${org.plan} plan; change it with dossier plan set --org ${org.id} --plan ${plan}, or leave out --plan`,
        );
      }
      const project = await ensureProject(db, org.id, values.project ?? 'Default');
      const created = await runtime.access.keys.create({
        orgId: org.id,
        projectId: project.id,
        ...(scoped
          ? {
              kind: 'scoped' as const,
              scopes: split(values.scopes),
              origins: split(values.origins),
              expiresAt: new Date(Date.now() + parseDuration(values.expires as string)),
              rateLimit: values['rate-limit'] ? Number(values['rate-limit']) : null,
              operator: true,
            }
          : {
              kind: 'primary' as const,
              scopes:
                values.ingest || values.privacy
                  ? [
                      ...primaryScopes,
                      ...(values.ingest ? ['ingest'] : []),
                      ...(values.privacy ? ['privacy'] : []),
                    ]
                  : undefined,
              operator: true,
            }),
      });
      out(created.key, {
        key: created.key,
        key_id: created.summary.id,
        org_id: org.id,
        project_id: project.id,
        plan: org.plan,
      });
    } else if (sub === 'list') {
      if (!values.org) throw usageError(`--org is required\n${usage}`);
      const org = await requireOrganization(db, values.org);
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
