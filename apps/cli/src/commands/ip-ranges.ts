import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { importIpRanges, parseIp2asn, parseRangeCsv } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';

const usage =
  'Usage: dossier ip-ranges import FILE --format csv|ip2asn\n' +
  '  csv:    one `cidr,domain,type` per line (type: company, isp, hosting, education, government)\n' +
  '  ip2asn: the public ip2asn TSV (range_start range_end AS_number country_code AS_description), .gz too';

/** Imports IP ranges for reverse IP lookup; prints what was written and any lines it could not read. */
export async function ipRangesCommand(argv: string[], env: CliEnv): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'import') throw usageError(usage);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { format: { type: 'string' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  const format = values.format;
  if (!file || positionals.length > 1) throw usageError(usage);
  if (format !== 'csv' && format !== 'ip2asn') throw usageError(`--format must be csv or ip2asn\n\n${usage}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw usageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const parsed = format === 'csv' ? parseRangeCsv(text) : parseIp2asn(text);
  for (const error of parsed.errors.slice(0, 20))
    process.stderr.write(`line ${error.line}: ${error.message}\n`);
  if (parsed.errors.length > 20)
    process.stderr.write(`... and ${parsed.errors.length - 20} more bad lines\n`);
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier ip-ranges import');
  try {
    await runtime.database.migrate();
    const report = await importIpRanges(runtime.database.db, parsed.rows, format);
    process.stdout.write(
      `ip ranges imported: ${report.written} written (${report.linked} linked to a company, ` +
        `${report.unlinked} company ranges with an unknown domain), ${parsed.errors.length} bad lines\n`,
    );
  } finally {
    await runtime.close();
  }
}
