import type { Database } from '@dossier/core';
import { type DemoCounts, loadDemoData } from '@dossier/core/demo';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';

/** Loads the demo data set (fictional companies under .example); idempotent. */
export async function loadDemo(database: Database): Promise<DemoCounts> {
  return (await loadDemoData(database, { asOf: new Date() })).inserted;
}

export async function demoCommand(argv: string[], env: CliEnv): Promise<void> {
  if (argv[0] !== 'load') throw usageError('Usage: dossier demo load');
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier demo load');
  try {
    await runtime.database.migrate();
    const counts = await loadDemo(runtime.database);
    process.stdout.write(`demo data loaded: ${JSON.stringify(counts)}\n`);
  } finally {
    await runtime.close();
  }
}
