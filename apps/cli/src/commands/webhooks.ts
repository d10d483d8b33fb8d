import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ensureProject } from '@dossier/access';
import { type Context, operationByName, runOperation, webhooks } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';
import { requireOrganization } from './organizations.js';

const usage = `Usage (subscriptions belong to a project: --project NAME, default "Default"):
  dossier webhooks list --org NAME|ORG_ID [--json]
  dossier webhooks create URL --org NAME|ORG_ID --events TYPE,... [--companies DOMAIN,...] [--topics TOPIC,...]
                          [--min-score N] [--description TEXT] [--json]      prints the signing secret once
  dossier webhooks rotate SUBSCRIPTION_ID --org NAME|ORG_ID [--grace SECONDS] [--json]
  dossier webhooks delete SUBSCRIPTION_ID --org NAME|ORG_ID
  dossier webhooks deliveries SUBSCRIPTION_ID --org NAME|ORG_ID [--status pending|succeeded|failed] [--limit N] [--json]
  dossier webhooks replay SUBSCRIPTION_ID DELIVERY_ID --org NAME|ORG_ID
  dossier webhooks test SUBSCRIPTION_ID --org NAME|ORG_ID
Event types: ${webhooks.eventTypes.join(', ')}.
Replays and tests are queued; the delivery worker of dossier serve sends them.`;

/** Each subcommand is one operation of the registry, run as REST and MCP run it (`runOperation`). */
const ops = {
  list: 'list_webhook_subscriptions',
  create: 'create_webhook_subscription',
  rotate: 'rotate_webhook_secret',
  delete: 'delete_webhook_subscription',
  deliveries: 'list_webhook_deliveries',
  replay: 'replay_webhook_delivery',
  test: 'send_webhook_test',
} as const;
type Sub = keyof typeof ops;
/** Positional arguments of each subcommand, as the operation's input fields. */
const positional: Record<Sub, string[]> = {
  list: [],
  create: ['url'],
  rotate: ['subscription_id'],
  delete: ['subscription_id'],
  deliveries: ['subscription_id'],
  replay: ['subscription_id', 'delivery_id'],
  test: ['subscription_id'],
};

const split = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
/** A number flag as given; the operation's own validation names it when it is no number. */
const numeric = (value: string | undefined) =>
  value === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;

interface SubscriptionOut {
  id: string;
  url: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
}
interface DeliveryOut {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status: number | null;
  created_at: string;
}

/** Plain lines for a person; --json prints the operation's output as the REST API answers it. */
const lines = (sub: Sub, out: Record<string, unknown>): string[] => {
  const subscription = (s: SubscriptionOut) =>
    `${s.id}  ${s.enabled ? 'on ' : 'off'}  ${s.event_types.join(',')}  ${s.url}${s.disabled_reason ? `  (${s.disabled_reason})` : ''}`;
  switch (sub) {
    case 'list': {
      const subs = out.subscriptions as SubscriptionOut[];
      return subs.length ? subs.map(subscription) : ['no webhook subscriptions in this project'];
    }
    case 'create':
    case 'rotate':
      return [
        subscription(out.subscription as SubscriptionOut),
        `secret (shown once, keep it for signature checks): ${out.secret as string}`,
      ];
    case 'delete':
      return ['deleted'];
    case 'deliveries': {
      const list = out.deliveries as DeliveryOut[];
      return list.length
        ? list.map(
            (d) =>
              `${d.id}  ${d.status}  ${d.event_type}  attempts ${d.attempts}  last ${d.last_status ?? '-'}  ${d.created_at}`,
          )
        : ['no deliveries'];
    }
    case 'replay':
      return [`${out.delivery_id as string} queued again`];
    case 'test':
      return [`test event ${out.event_id as string} queued as ${out.delivery_id as string}`];
  }
};

/** `dossier webhooks ...`: the registry's webhook operations, run as the organization's project. */
export async function webhooksCommand(argv: string[], env: CliEnv): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || !(name in ops)) throw usageError(usage);
  const sub = name as Sub;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      project: { type: 'string' },
      json: { type: 'boolean', default: false },
      events: { type: 'string' },
      companies: { type: 'string' },
      topics: { type: 'string' },
      'min-score': { type: 'string' },
      description: { type: 'string' },
      grace: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
    },
  });
  const wanted = positional[sub];
  if (positionals.length !== wanted.length)
    throw usageError(
      `${sub} takes ${wanted.map((w) => w.toUpperCase()).join(' ') || 'no arguments'}\n${usage}`,
    );
  if (!values.org) throw usageError(`--org is required\n${usage}`);
  if (sub === 'create' && !values.events) throw usageError(`--events is required\n${usage}`);
  const input: Record<string, unknown> = Object.fromEntries(
    wanted.map((field, i) => [field, positionals[i]]),
  );
  if (sub === 'create') {
    input.event_types = split(values.events);
    if (values.description !== undefined) input.description = values.description;
    const filter = {
      companies: split(values.companies),
      topics: split(values.topics),
      min_score: numeric(values['min-score']),
    };
    if (Object.values(filter).some((v) => v !== undefined)) input.filter = filter;
  }
  if (sub === 'rotate' && values.grace !== undefined) input.grace_seconds = numeric(values.grace);
  if (sub === 'deliveries') {
    if (values.status !== undefined) input.status = values.status;
    if (values.limit !== undefined) input.limit = values.limit;
  }

  const log = commandLogger(env.LOG_LEVEL);
  const runtime = await openRuntime(env, log, `dossier webhooks ${sub}`);
  try {
    await runtime.database.migrate();
    const { db } = runtime.database;
    const org = await requireOrganization(db, values.org);
    const project = await ensureProject(db, org.id, values.project ?? 'Default');
    // The operator at the console of the machine acts as the project, with its webhooks scope only.
    const ctx: Context = {
      db: runtime.database,
      caller: { orgId: org.id, projectId: project.id, keyId: 'cli', scopes: new Set(['webhooks']) },
      requestId: randomUUID(),
      log,
      now: () => new Date(),
      webhooks: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE },
    };
    const op = operationByName(ops[sub]);
    if (!op) throw new Error(`the registry has no operation ${ops[sub]}`);
    const out = (await runOperation(op, ctx, input)) as Record<string, unknown>;
    process.stdout.write(
      values.json ? `${JSON.stringify(out, null, 2)}\n` : `${lines(sub, out).join('\n')}\n`,
    );
  } finally {
    await runtime.close();
  }
}
