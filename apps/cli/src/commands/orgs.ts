import { parseArgs } from 'node:util';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';
import { createNamed, organizationRows, planList, planOf } from './organizations.js';

const usage = `Usage:
  dossier orgs create NAME --plan ${planList} [--json]
  dossier orgs list [--json]`;

/** Operator commands for organizations: creation is explicit, and every other command finds them by id or name. */
export async function orgsCommand(argv: string[], env: CliEnv): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { plan: { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (sub !== 'create' && sub !== 'list') throw usageError(usage);
  const plan = sub === 'create' ? planOf(values.plan, usage) : undefined;
  const name = positionals.join(' ');
  if (sub === 'create' && !name) throw usageError(`NAME is required\n${usage}`);
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), `dossier orgs ${sub}`);
  try {
    await runtime.database.migrate();
    const { db } = runtime.database;
    if (sub === 'create') {
      const org = await createNamed(db, name, plan as NonNullable<typeof plan>);
      const data = { id: org.id, name: org.name, plan: org.plan, created_at: org.createdAt.toISOString() };
      process.stdout.write(
        values.json ? `${JSON.stringify(data)}\n` : `${org.id}  ${org.plan}  ${org.name}\n`,
      );
    } else {
      const rows = await organizationRows(db);
      const text = rows.map((o) => `${o.id}  ${o.plan.padEnd(10)}  ${o.created_at.slice(0, 10)}  ${o.name}`);
      process.stdout.write(
        values.json ? `${JSON.stringify(rows)}\n` : `${text.join('\n') || '(no organizations)'}\n`,
      );
    }
  } finally {
    await runtime.close();
  }
}
