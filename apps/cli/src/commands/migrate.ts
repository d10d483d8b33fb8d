import { privacy } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';

export async function migrateCommand(env: CliEnv): Promise<void> {
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier migrate');
  try {
    await runtime.database.migrate();
    process.stdout.write(`migrations applied (${runtime.database.driver})\n`);
    // Job items written before privacy indexing get their subjects (workers also do it at start).
    const indexed = await privacy.indexJobItems(runtime.database.db);
    if (indexed) process.stdout.write(`${indexed} job items indexed for privacy requests\n`);
  } finally {
    await runtime.close();
  }
}
