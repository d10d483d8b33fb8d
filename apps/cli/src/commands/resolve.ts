import { once } from 'node:events';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ingest, resolve } from '@dossier/core';
import type { CliEnv } from '../env.js';
import { commandLogger } from '../logger.js';
import { openRuntime } from '../runtime/runtime.js';
import { usageError } from './args.js';

const usage =
  'Usage: dossier resolve --input records.csv --output clusters.csv [--kind people|companies] [--map column=field,...] [--format csv|jsonl] [--settings settings.json] [--explain DIR] [--json]';

// Identity columns the people resolver compares beyond what an import stores; the import kind's
// own spellings win where both name a field.
const personAliases: Record<string, readonly string[]> = {
  middle_name: ['middlename', 'middle', 'second_name'],
  native_name: ['name_native', 'local_name', 'original_name'],
  dob: ['date_of_birth', 'birth_date', 'birthdate', 'birthday', 'born'],
  gender: ['sex'],
  address: ['street', 'street_address', 'address_1', 'address1', 'address_line_1', 'street_line'],
  state: ['province', 'region', 'county'],
  postcode: ['zip', 'zipcode', 'zip_code', 'postal_code', 'post_code', 'postalcode'],
  ssn: ['social_security_number', 'soc_sec_id', 'social_security'],
  passport: ['passport_number', 'passport_no'],
  drivers_license: ['driving_licence', 'drivers_licence', 'driver_license', 'license_number', 'dl_number'],
  national_id: ['national_id_number', 'national_identity', 'id_number', 'nin'],
};

// Waterfalls written per file at most: the review file lists every borderline pair.
const MAX_WATERFALLS = 20_000;
// Bits either side of the link threshold that make a pair borderline.
const REVIEW_BITS = 5;

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
      settings: { type: 'string' },
      explain: { type: 'string' },
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
  if (values.kind !== 'people' && (values.settings || values.explain))
    throw usageError(`--settings and --explain apply to --kind people\n${usage}`);
  let settings: resolve.ResolverOptions = {};
  if (values.settings) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(values.settings, 'utf8'));
    } catch (error) {
      throw usageError(`--settings ${values.settings}: ${(error as Error).message}`);
    }
    settings = resolve.resolverOptionsFromSettings(raw);
  }
  const aliases =
    values.kind === 'people'
      ? { ...personAliases, ...kind.aliases, record_id: idAliases }
      : { ...kind.aliases, record_id: idAliases };
  const explicit = ingest.parseMapOption(values.map);

  const started = performance.now();
  // Each row becomes the resolver's record as it is read: the mapped rows are not kept beside the
  // records (half a million of them were garbage the collector kept walking during resolution).
  const people: resolve.PersonRecord[] = [];
  const companies: resolve.CompanyRecord[] = [];
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
    const id = f.record_id ?? `row-${row}`;
    if (values.kind === 'people') people.push(personRecord(f, id));
    else companies.push(companyRecord(f, id));
  }

  let assignments: { recordId: string; entityId: string }[];
  let comparisons: number | null = null;
  if (values.kind === 'people') {
    const resolver = resolve.createResolver({
      ...settings,
      ...(values.explain ? { explainMargin: 2 * REVIEW_BITS } : {}),
    });
    assignments = resolver.addBatch(people);
    comparisons = resolver.stats().comparisonsPerRecord;
    if (values.explain) writeExplanations(values.explain, resolver);
  } else {
    const resolver = resolve.createCompanyResolver();
    assignments = resolver.addBatch(companies);
    comparisons = resolver.stats().comparisonsPerRecord;
  }

  const out = createWriteStream(values.output);
  out.write('record_id,entity_id\n');
  const sizes = new Map<string, number>();
  let largest = 0;
  for (const a of assignments) {
    const size = (sizes.get(a.entityId) ?? 0) + 1;
    sizes.set(a.entityId, size);
    if (size > largest) largest = size;
    if (!out.write(`${csvCell(a.recordId)},${csvCell(a.entityId)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const summary = {
    records: assignments.length,
    entities: sizes.size,
    // A loop, not Math.max(...sizes): spreading a few hundred thousand arguments overflows the stack.
    largest_cluster: largest,
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

/** A mapped row as the people resolver's record. */
const personRecord = (f: Record<string, string>, recordId: string): resolve.PersonRecord => ({
  recordId,
  firstName: f.first_name,
  lastName: f.last_name,
  fullName: f.full_name,
  middleName: f.middle_name,
  nativeName: f.native_name,
  email: f.email,
  phone: f.phone,
  linkedinUrl: f.linkedin_url,
  companyName: f.company_name,
  companyDomain: f.company_domain,
  title: f.title,
  dob: f.dob,
  gender: f.gender,
  address: f.address,
  city: f.city,
  state: f.state ?? f.region,
  postcode: f.postcode,
  country: f.country,
  ssn: f.ssn,
  passport: f.passport,
  driversLicense: f.drivers_license,
  nationalId: f.national_id,
});

/** A mapped row as the company resolver's record. */
const companyRecord = (f: Record<string, string>, recordId: string): resolve.CompanyRecord => ({
  recordId,
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
});

/**
 * `--explain DIR`: links.txt (a waterfall of match weights for each kept link), rejected.txt (the
 * same for pairs rejected within a few bits of the threshold), review.csv (every pair within
 * REVIEW_BITS of the threshold, for a person to check) and model.json (the learnt m, u and prior).
 */
function writeExplanations(dir: string, resolver: resolve.PersonResolver): void {
  mkdirSync(dir, { recursive: true });
  const all = resolver.explanations();
  const cut = resolver.linkCut();
  const linked = all.filter((e) => e.linked);
  const rejected = all.filter((e) => !e.linked).reverse();
  const waterfalls = (list: resolve.PairExplanation[], title: string) => {
    const head = `# ${title}: ${list.length} pairs${list.length > MAX_WATERFALLS ? `, the first ${MAX_WATERFALLS} written` : ''}\n# link threshold ${cut.toFixed(2)} bits of evidence\n\n`;
    return head + list.slice(0, MAX_WATERFALLS).map(resolve.formatWaterfall).join('\n\n') + '\n';
  };
  writeFileSync(join(dir, 'links.txt'), waterfalls(linked, 'links kept, strongest first'));
  writeFileSync(
    join(dir, 'rejected.txt'),
    waterfalls(rejected, 'pairs rejected near the threshold, closest first'),
  );
  const review = all.filter((e) => Math.abs(e.score - cut) <= REVIEW_BITS);
  const lines = [resolve.reviewCsvHeader(review[0] ?? all[0]), ...review.map(resolve.reviewCsvRow)];
  writeFileSync(join(dir, 'review.csv'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(dir, 'model.json'),
    `${JSON.stringify({ linkThresholdBits: cut, model: resolve.describeModel(resolver.model()), stats: resolver.stats() }, null, 2)}\n`,
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
