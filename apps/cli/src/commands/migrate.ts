import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';

export async function migrateCommand(env: CliEnv): Promise<void> {
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier migrate');
  try {
    await runtime.database.migrate();
    process.stdout.write(`migrations applied (${runtime.database.driver})\n`);
  } finally {
    await runtime.close();
  }
}
