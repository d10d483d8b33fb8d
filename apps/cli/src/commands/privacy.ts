import { parseArgs } from 'node:util';
import { privacy } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';
import { requireOrganization } from './organizations.js';

const usage = `Usage (the organization's audit log records the request, by an opaque reference only):
  dossier privacy access IDENTIFIER --org NAME|ORG_ID      everything held, as one JSON document
  dossier privacy erase IDENTIFIER --org NAME|ORG_ID [--json]
  dossier privacy suppress IDENTIFIER --org NAME|ORG_ID [--json]
  dossier privacy retention --org NAME|ORG_ID [--source-records DAYS|keep] [--job-outputs DAYS|keep] [--json]
  dossier privacy sweep                                      run the retention sweep now
IDENTIFIER: a person id (per_...), an email address, a phone in E.164 (+...) or a LinkedIn profile URL.`;

const days = (value: string | undefined, flag: string): number | null | undefined => {
  if (value === undefined) return undefined;
  if (value === 'keep') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 36_500)
    throw usageError(`${flag} must be a number of days (1-36500) or keep`);
  return n;
};

/** Operator commands for privacy requests: access, erasure, suppression and retention. */
export async function privacyCommand(argv: string[], env: CliEnv): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      json: { type: 'boolean', default: false },
      'source-records': { type: 'string' },
      'job-outputs': { type: 'string' },
    },
  });
  if (!sub || !['access', 'erase', 'suppress', 'retention', 'sweep'].includes(sub)) throw usageError(usage);
  const needsTarget = ['access', 'erase', 'suppress'].includes(sub);
  if (needsTarget && positionals.length !== 1) throw usageError(`give one IDENTIFIER\n${usage}`);
  if (sub !== 'sweep' && !values.org) throw usageError(`--org is required\n${usage}`);
  const target = needsTarget ? privacy.parseTarget(positionals[0] as string) : null;
  const sourceDays = days(values['source-records'], '--source-records');
  const jobDays = days(values['job-outputs'], '--job-outputs');

  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), `dossier privacy ${sub}`);
  try {
    await runtime.database.migrate();
    const { db } = runtime.database;
    const out = (value: unknown, line: string) =>
      process.stdout.write(
        values.json || sub === 'access' ? `${JSON.stringify(value, null, 2)}\n` : `${line}\n`,
      );
    if (sub === 'sweep') {
      const swept = await privacy.sweepRetention(db);
      out(
        swept,
        `deleted ${swept.source_records} source records and ${swept.jobs} finished jobs past retention`,
      );
      return;
    }
    const org = await requireOrganization(db, values.org as string);
    const actor = { orgId: org.id };
    if (sub === 'retention') {
      const settings =
        sourceDays === undefined && jobDays === undefined
          ? await privacy.getRetention(db)
          : await privacy.setRetention(
              db,
              { source_record_days: sourceDays, job_output_days: jobDays },
              actor,
            );
      const show = (d: number | null) => (d == null ? 'kept until erased' : `${d} days`);
      out(
        settings,
        `source records: ${show(settings.source_record_days)}; job outputs: ${show(settings.job_output_days)}`,
      );
    } else if (sub === 'access') {
      out(await privacy.accessRequest(db, target as privacy.RequestTarget, actor), '');
    } else if (sub === 'erase') {
      const r = await privacy.erase(db, target as privacy.RequestTarget, actor);
      out(
        r,
        r.status === 'erased'
          ? `${r.request_ref}: erased ${r.people} person(s), ${r.removed.source_records} source records, ${r.removed.job_items} job items; ${r.suppressed_identifiers} identifiers suppressed`
          : `${r.request_ref}: nothing held (already erased or never known); ${r.suppressed_identifiers} identifiers newly suppressed`,
      );
    } else {
      const r = await privacy.suppressPerson(db, target as privacy.RequestTarget, actor);
      out(
        r,
        `${r.request_ref}: ${r.suppressed_identifiers} identifiers newly suppressed, ${r.removed_contacts} contact details removed from ${r.people} person(s)`,
      );
    }
  } finally {
    await runtime.close();
  }
}
