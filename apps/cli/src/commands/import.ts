import { parseArgs } from 'node:util';
import { ingest } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';
import { progressReporter } from './progress.js';

const kinds = Object.keys(ingest.importKinds).join('|');

const usage = `Usage: dossier import FILE --source NAME --kind ${kinds} [options]
       dossier import FILE --kind ${kinds} --preview [options]
       dossier import --fields [--kind ${kinds}]

Options:
  --source NAME          where the records come from (a CRM, a vendor); imports are idempotent per source
  --kind KIND            what the rows are: ${kinds.replace(/\|/g, ', ')}
  --map col=field,...    use a column for a field (see --fields); col=ignore leaves a column out
  --preview              show how each column will be used and the first rows as checked; stores nothing
  --fields               list every field with the header names recognised for it
  --format csv|jsonl|json   default: from the file name (.jsonl/.ndjson, .json, else csv)
  --encoding ENC         utf-8, utf-16le, utf-16be or windows-1252; default: detected
  --delimiter D          comma, semicolon, tab, pipe or one character; default: detected
  --trust 0..1           how much this source is trusted: a more trusted source's values win (default 0.5)
  --rejects PATH         rejected rows with their reasons (default FILE.rejects.csv)
  --json                 print the summary as JSON`;

const ENCODING_NAMES: Record<string, ingest.InputEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  utf16le: 'utf-16le',
  utf16be: 'utf-16be',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  latin1: 'windows-1252',
  'iso-8859-1': 'windows-1252',
};

/** `dossier import --fields`: every field of each kind with its aliases. */
function printFields(kindName: string | undefined) {
  const names = kindName ? [kindName] : Object.keys(ingest.importKinds);
  const lines: string[] = [];
  for (const name of names) {
    const kind = ingest.importKinds[name];
    if (!kind) throw usageError(`unknown kind ${name}\n${usage}`);
    lines.push(`${name}:`);
    for (const { field, aliases } of ingest.fieldsOf(kind))
      lines.push(`  ${field.padEnd(20)} ${aliases.length ? aliases.join(', ') : '-'}`);
    lines.push('');
  }
  process.stdout.write(`${lines.join('\n')}`);
}

/** `dossier import`: streams a CSV, JSONL or JSON file into the store; safe to run again. */
export async function importCommand(argv: string[], env: CliEnv): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw usageError(`${(error as Error).message}\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (values.fields) return printFields(values.kind);
  const [path] = positionals;
  if (!path || !values.kind || (!values.source && !values.preview)) throw usageError(usage);
  const kind = ingest.importKinds[values.kind];
  if (!kind) throw usageError(`unknown kind ${values.kind}\n${usage}`);
  if (values.format && !['csv', 'jsonl', 'json'].includes(values.format))
    throw usageError(`--format must be csv, jsonl or json\n${usage}`);
  const encoding = values.encoding ? ENCODING_NAMES[values.encoding.toLowerCase()] : undefined;
  if (values.encoding && !encoding)
    throw usageError(
      `--encoding must be one of utf-8, utf-16le, utf-16be, windows-1252, not ${values.encoding}`,
    );
  const delimiter = values.delimiter
    ? (ingest.DELIMITERS[values.delimiter.toLowerCase()] ??
      (values.delimiter === '\\t' ? '\t' : values.delimiter.length === 1 ? values.delimiter : undefined))
    : undefined;
  if (values.delimiter && !delimiter)
    throw usageError(
      `--delimiter must be comma, semicolon, tab, pipe or one character, not ${values.delimiter}`,
    );
  const trust = values.trust === undefined ? undefined : Number(values.trust);
  if (trust !== undefined && !(trust >= 0 && trust <= 1))
    throw usageError(`--trust must be a number from 0 to 1`);
  const map = ingest.parseMapOption(values.map);
  const problems = ingest.unknownMapTargets(map, kind.aliases);
  if (problems.length) throw usageError(problems.join('\n'));
  const read = { format: values.format as ingest.InputFormat | undefined, encoding, delimiter };

  try {
    if (values.preview) {
      const preview = await ingest.previewImport({ path, kind, map, ...read });
      if (values.json) process.stdout.write(`${JSON.stringify(preview)}\n`);
      else process.stdout.write(previewText(preview));
      return;
    }
    const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier import');
    const progress = progressReporter();
    try {
      await runtime.database.migrate();
      const summary = await ingest.runImport({
        database: runtime.database,
        path,
        source: values.source as string,
        kind,
        map,
        ...read,
        trust,
        rejectsPath: values.rejects,
        onProgress: (p) => progress.update(p),
      });
      progress.done();
      if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
      else process.stdout.write(summaryText(summary));
    } finally {
      await runtime.close();
    }
  } catch (error) {
    // A file that cannot be imported at all: one line, exit 2.
    if (error instanceof ingest.ImportInputError) throw usageError(error.message);
    throw error;
  }
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      kind: { type: 'string' },
      map: { type: 'string' },
      format: { type: 'string' },
      encoding: { type: 'string' },
      delimiter: { type: 'string' },
      trust: { type: 'string' },
      rejects: { type: 'string' },
      preview: { type: 'boolean', default: false },
      fields: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });

const delimiterName = (d: string | undefined) =>
  d === undefined
    ? undefined
    : (Object.entries(ingest.DELIMITERS).find(([, c]) => c === d)?.[0] ?? JSON.stringify(d));

function previewText(p: ingest.ImportPreview<unknown>): string {
  const lines = [
    `read as ${p.encoding}${p.delimiter ? `, ${delimiterName(p.delimiter)}-separated` : ''}`,
    'columns:',
    ...p.columns.map(
      (c) =>
        `  ${c.column.padEnd(32)} ${c.field ? `-> ${c.field}` : 'ignored'}${c.example ? `   e.g. ${c.example}` : ''}`,
    ),
    p.ignored.length ? `ignored (${p.ignored.length}): ${p.ignored.join(', ')}` : 'every column is used',
    'first rows as they would be stored:',
    ...p.rows.map((r) =>
      r.rejected
        ? `  row ${r.row}: rejected: ${r.rejected}`
        : `  row ${r.row}: ${JSON.stringify(r.value)}${r.notes?.length ? `  (dropped: ${r.notes.join('; ')})` : ''}`,
    ),
    'nothing was stored',
  ];
  return `${lines.join('\n')}\n`;
}

function summaryText(summary: ingest.ImportSummary): string {
  const rate = Math.round(summary.rows / Math.max(summary.elapsedMs / 1000, 0.001));
  const dropped = Object.entries(summary.dropped);
  return (
    `${summary.rows} rows in ${(summary.elapsedMs / 1000).toFixed(1)} s (${rate} rows/s): ` +
    `${summary.loaded} loaded, ${summary.merged} merged, ${summary.unchanged} unchanged, ${summary.rejected} rejected\n` +
    `read as ${summary.encoding ?? '?'}${summary.delimiter ? `, ${delimiterName(summary.delimiter)}-separated` : ''}\n` +
    summary.warnings.map((w) => `warning: ${w}\n`).join('') +
    (summary.rejectsPath ? `rejected rows with their reasons: ${summary.rejectsPath}\n` : '') +
    (dropped.length ? `values not stored: ${dropped.map(([why, n]) => `${why} (${n})`).join('; ')}\n` : '') +
    (summary.unmappedColumns.length
      ? `columns not used: ${summary.unmappedColumns.join(', ')} (map them with --map column=field; see --fields)\n`
      : '')
  );
}
