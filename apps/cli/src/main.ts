import { DatabaseLockedError, isDossierError } from '@dossier/core';
import { UsageError } from './commands/args.js';
import { demoCommand } from './commands/demo.js';
import { importCommand } from './commands/import.js';
import { ipRangesCommand } from './commands/ip-ranges.js';
import { keysCommand } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { orgsCommand } from './commands/orgs.js';
import { planCommand } from './commands/plan.js';
import { privacyCommand } from './commands/privacy.js';
import { resolveCommand } from './commands/resolve.js';
import { serveCommand } from './commands/serve.js';
import { usersCommand } from './commands/users.js';
import { webhooksCommand } from './commands/webhooks.js';
import { loadCliEnv } from './env.js';
import { ConfigError } from './runtime/env.js';

const help = `dossier <command>

  serve [--role R]      start the REST API (/v1), MCP server (/mcp) and console (/) on one port;
                        --role api (no jobs), worker (jobs only), all (default)
  migrate               apply database migrations
  orgs <sub>            create NAME --plan P, list organizations
  keys <sub>            create, scoped, list, roll, revoke API keys (dossier keys for details)
  users <sub>           reset-password EMAIL (prints a one-time link); invite EMAIL --org ORG [--role R]
  demo load             load the demo data set
  import FILE           stream a CSV or JSONL file into the store (--source, --kind, --map)
  resolve               dedupe a file in memory (--input, --output, --kind people|companies)
  resolve backfill      give blocking keys to stored persons that lack them (older demo loads)
  ip-ranges import FILE import IP ranges for reverse IP (--format csv|ip2asn)
  plan set              change an organization's plan (--org NAME|ORG_ID --plan free|starter|agency|enterprise)
  privacy <sub>         access, erase, suppress a person; retention settings and sweep (dossier privacy for details)
  webhooks <sub>        list, create, rotate, delete subscriptions; deliveries, replay, test (dossier webhooks for details)

Configuration comes from the environment: see docs/configuration.md.`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${help}\n`);
    return;
  }
  const env = loadCliEnv();
  switch (command) {
    case 'serve':
      return serveCommand(env, rest);
    case 'migrate':
      return migrateCommand(env);
    case 'keys':
      return keysCommand(rest, env);
    case 'orgs':
      return orgsCommand(rest, env);
    case 'users':
      return usersCommand(rest, env);
    case 'demo':
      return demoCommand(rest, env);
    case 'import':
      return importCommand(rest, env);
    case 'resolve':
      return resolveCommand(rest, env);
    case 'ip-ranges':
      return ipRangesCommand(rest, env);
    case 'plan':
      return planCommand(rest, env);
    case 'privacy':
      return privacyCommand(rest, env);
    case 'webhooks':
      return webhooksCommand(rest, env);
    default:
      throw new UsageError(`unknown command: ${command}\n\n${help}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || isDossierError(error)) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`dossier: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
