import { parseArgs } from 'node:util';
import { changePlan } from '@dossier/accounts';
import { plans } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';

const usage = `Usage:
  dossier plan set --org NAME|ORG_ID --plan free|starter|agency|enterprise [--json]`;

/** Operator action: the plan decides an organization's seats and rate limit (shown in the console). */
export async function planCommand(argv: string[], env: CliEnv): Promise<void> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { org: { type: 'string' }, plan: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (sub !== 'set') throw usageError(usage);
  if (!values.org) throw usageError(`--org is required\n${usage}`);
  const plan = values.plan;
  if (!plan || !(plans as readonly string[]).includes(plan)) {
    throw usageError(`--plan must be one of ${plans.join(', ')}\n${usage}`);
  }
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier plan set');
  try {
    const changed = await changePlan(runtime.database.db, values.org, plan as (typeof plans)[number]);
    const seats = changed.seats == null ? 'unlimited seats' : `${changed.seats} seat(s)`;
    process.stdout.write(
      values.json
        ? `${JSON.stringify(changed)}\n`
        : `${changed.name} (${changed.id}): ${changed.previous_plan} -> ${changed.plan}, ${seats}, ${changed.rate_limit_per_minute} requests/min\n`,
    );
  } finally {
    await runtime.close();
  }
}
