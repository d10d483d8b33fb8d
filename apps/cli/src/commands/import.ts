import { parseArgs } from 'node:util';
import { openRuntime } from '@dossier/access';
import { ingest } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { usageError } from './args.js';
import { progressReporter } from './progress.js';

const usage = `Usage: dossier import FILE --source NAME --kind ${Object.keys(ingest.importKinds).join('|')} [--map column=field,...] [--format csv|jsonl] [--rejects PATH] [--json]`;

/** `dossier import`: streams a CSV or JSONL file into the store; safe to run again. */
export async function importCommand(argv: string[], env: CliEnv): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      kind: { type: 'string' },
      map: { type: 'string' },
      format: { type: 'string' },
      rejects: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [path] = positionals;
  if (!path || !values.source || !values.kind) throw usageError(usage);
  const kind = ingest.importKinds[values.kind];
  if (!kind) throw usageError(`unknown kind ${values.kind}\n${usage}`);
  if (values.format && values.format !== 'csv' && values.format !== 'jsonl')
    throw usageError(`--format must be csv or jsonl\n${usage}`);

  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier import');
  const progress = progressReporter();
  try {
    await runtime.database.migrate();
    const summary = await ingest.runImport({
      database: runtime.database,
      path,
      source: values.source,
      kind,
      format: values.format as ingest.InputFormat | undefined,
      map: ingest.parseMapOption(values.map),
      rejectsPath: values.rejects,
      onProgress: (p) => progress.update(p),
    });
    progress.done();
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      const rate = Math.round(summary.rows / Math.max(summary.elapsedMs / 1000, 0.001));
      process.stdout.write(
        `${summary.rows} rows in ${(summary.elapsedMs / 1000).toFixed(1)} s (${rate} rows/s): ` +
          `${summary.loaded} loaded, ${summary.merged} merged, ${summary.unchanged} unchanged, ${summary.rejected} rejected\n` +
          (summary.rejectsPath ? `rejected rows with their reasons: ${summary.rejectsPath}\n` : '') +
          (summary.unmappedColumns.length
            ? `columns not used: ${summary.unmappedColumns.join(', ')} (map them with --map column=field)\n`
            : ''),
      );
    }
  } finally {
    await runtime.close();
  }
}
