import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { openRuntime } from '@dossier/access';
import { ingest, resolve } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { usageError } from './args.js';

const usage =
  'Usage: dossier resolve --input records.csv --output clusters.csv [--kind people|companies] [--map column=field,...] [--format csv|jsonl] [--json]';

const idAliases = ['id', 'recordid', 'record', 'row_id', 'contact_id', 'lead_id', 'account_id'];
const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * `dossier resolve`: dedupes a standalone file in memory (no database) and writes `record_id,entity_id`.
 * A row without a record id is named by its row number.
 */
export async function resolveCommand(argv: string[], env: CliEnv): Promise<void> {
  if (argv[0] === 'backfill') return backfillCommand(argv.slice(1), env);
  const { values } = parseArgs({
    args: argv,
    options: {
      input: { type: 'string' },
      output: { type: 'string' },
      kind: { type: 'string', default: 'people' },
      map: { type: 'string' },
      format: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.input || !values.output) throw usageError(usage);
  if (values.kind !== 'people' && values.kind !== 'companies')
    throw usageError(`--kind must be people or companies\n${usage}`);
  if (values.format && values.format !== 'csv' && values.format !== 'jsonl')
    throw usageError(`--format must be csv or jsonl\n${usage}`);
  const kind = ingest.importKinds[values.kind];
  if (!kind) throw usageError(`unknown kind ${values.kind}`);
  const aliases = { ...kind.aliases, record_id: idAliases };
  const explicit = ingest.parseMapOption(values.map);

  const started = performance.now();
  const fields: Record<string, string>[] = [];
  const ids: string[] = [];
  const mappings = new Map<string, Record<string, string>>();
  const format = (values.format as ingest.InputFormat | undefined) ?? ingest.formatOf(values.input);
  for await (const { row, values: raw } of ingest.readRows(values.input, format)) {
    if ('__error' in raw) continue;
    const headers = Object.keys(raw);
    const signature = headers.join('\u0001');
    let mapping = mappings.get(signature);
    if (!mapping) {
      mapping = ingest.mapHeaders(headers, aliases, explicit).mapping;
      mappings.set(signature, mapping);
    }
    const f = ingest.applyMapping(raw, mapping);
    fields.push(f);
    ids.push(f.record_id ?? `row-${row}`);
  }

  let assignments: { recordId: string; entityId: string }[];
  let comparisons: number | null = null;
  if (values.kind === 'people') {
    const resolver = resolve.createResolver();
    assignments = resolver.addBatch(
      fields.map((f, i) => ({
        recordId: ids[i] as string,
        firstName: f.first_name,
        lastName: f.last_name,
        fullName: f.full_name,
        email: f.email,
        phone: f.phone,
        linkedinUrl: f.linkedin_url,
        companyName: f.company_name,
        companyDomain: f.company_domain,
        title: f.title,
        city: f.city,
        country: f.country,
      })),
    );
    comparisons = resolver.stats().comparisonsPerRecord;
  } else {
    const resolver = resolve.createCompanyResolver();
    assignments = resolver.addBatch(
      fields.map((f, i) => ({
        recordId: ids[i] as string,
        name: f.name,
        domain: f.domain,
        linkedinUrl: f.linkedin_url,
        phone: f.phone,
        address: f.address,
        city: f.city,
        state: f.region,
        postcode: f.postcode,
        country: f.country,
        lei: f.lei,
        duns: f.duns,
        vat: f.vat,
        companyNumber: f.company_number,
      })),
    );
    comparisons = resolver.stats().comparisonsPerRecord;
  }

  const out = createWriteStream(values.output);
  out.write('record_id,entity_id\n');
  const sizes = new Map<string, number>();
  for (const a of assignments) {
    sizes.set(a.entityId, (sizes.get(a.entityId) ?? 0) + 1);
    if (!out.write(`${csvCell(a.recordId)},${csvCell(a.entityId)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const summary = {
    records: assignments.length,
    entities: sizes.size,
    largest_cluster: Math.max(0, ...sizes.values()),
    comparisons_per_record: comparisons === null ? null : Number(comparisons.toFixed(2)),
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    output: values.output,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stdout.write(
      `${summary.records} records -> ${summary.entities} ${values.kind === 'people' ? 'people' : 'companies'} ` +
        `(${summary.records - summary.entities} duplicates), largest cluster ${summary.largest_cluster}, ` +
        `${summary.comparisons_per_record ?? '-'} comparisons per record, ${summary.seconds} s\n` +
        `wrote ${summary.output}\n`,
    );
}

/**
 * `dossier resolve backfill`: gives blocking keys (and source records) to persons stored without them,
 * e.g. by an older demo load, so imports resolve against them. Safe to run again; finds nothing then.
 */
async function backfillCommand(argv: string[], env: CliEnv): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false } } });
  const runtime = await openRuntime(env, commandLogger(env.LOG_LEVEL), 'dossier resolve backfill');
  try {
    await runtime.database.migrate();
    const result = await resolve.backfillPersonKeys(runtime.database.db);
    process.stdout.write(
      values.json
        ? `${JSON.stringify(result)}\n`
        : `backfill: ${result.persons} persons without keys, ${result.keys} keys written\n`,
    );
  } finally {
    await runtime.close();
  }
}
