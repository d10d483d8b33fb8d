/**
 * Quality of the database path's linker (`linkBatch`, the logic `peopleKind` runs per batch) without a
 * database: every record is resolved in order against what came before, as an import does, and the
 * clusters are compared with the truth. Shows the in-memory resolver on the same data for reference.
 *
 * `--batch N` splits the records into linkBatch calls of N, as an import's batches (default: one call).
 *
 * Run: pnpm exec tsx tooling/bench/src/resolve/link-quality.ts [--dev DIR] [--synthetic 3000] [--prior 1000] [--batch 1000]
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultPersonModel } from '../../../../packages/core/src/resolve/model.js';
import { linkBatch } from '../../../../packages/core/src/resolve/persist/link.js';
import { checkPerson } from '../../../../packages/core/src/resolve/persist/person-value.js';
import { createResolver } from '../../../../packages/core/src/resolve/resolver.js';
import type { PersonRecord } from '../../../../packages/core/src/resolve/types.js';
import { loadLabelledSet } from '../../../../packages/core/testing/resolver-lab/dev-set.js';
import { evaluate } from '../../../../packages/core/testing/resolver-lab/evaluate.js';
import { generatePeople } from '../../../../packages/core/testing/resolver-lab/synthetic.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};

const fields = (r: PersonRecord): Record<string, string> => {
  const out: Record<string, string> = {};
  const entries: [string, string | null | undefined][] = [
    ['first_name', r.firstName],
    ['last_name', r.lastName],
    ['full_name', r.fullName],
    ['email', r.email],
    ['phone', r.phone],
    ['linkedin_url', r.linkedinUrl],
    ['company_name', r.companyName],
    ['company_domain', r.companyDomain],
    ['title', r.title],
    ['city', r.city],
    ['country', r.country],
  ];
  for (const [k, v] of entries) if (v) out[k] = v;
  return out;
};

const round = (x: number) => Number(x.toFixed(4));

const measure = (name: string, records: PersonRecord[], truth: Map<string, string>, prior: number) => {
  const checked = records.map((r) => ({ r, c: checkPerson(fields(r)) }));
  const usable = checked.filter((x) => x.c.ok);
  let n = 0;
  const started = performance.now();
  const inputs = usable.map((x) => ({
    value: (x.c as { ok: true; value: never }).value,
    trust: 0.5,
    seenAt: new Date(),
  }));
  const entities = new Map();
  const keyIndex = new Map();
  const step = batch > 0 ? batch : inputs.length;
  const linked: { entityId: string }[] = [];
  let survivor = (id: string) => id;
  const redirects: ((id: string) => string)[] = [];
  for (let i = 0; i < inputs.length; i += step) {
    const result = linkBatch(inputs.slice(i, i + step), entities, keyIndex, {
      model: defaultPersonModel(),
      priorRecords: prior,
      // What an import reads from the table statistics: the persons stored by earlier batches.
      graphPersons: entities.size,
      newEntityId: () => `e${n++}`,
    });
    linked.push(...result.linked);
    redirects.push(result.survivor);
  }
  // Later batches may merge persons of earlier ones: follow every batch's redirects.
  survivor = (id: string) => redirects.reduce((at, follow) => follow(at), id);
  for (const l of linked) l.entityId = survivor(l.entityId);
  const seconds = (performance.now() - started) / 1000;
  const db = evaluate(
    usable.map((x, k) => ({ recordId: x.r.recordId, entityId: linked[k]?.entityId as string })),
    truth,
  );
  const resolver = createResolver();
  resolver.addBatch(records);
  const memory = evaluate(resolver.assignments(), truth);
  console.log(
    JSON.stringify({
      set: name,
      records: records.length,
      rejected: records.length - usable.length,
      priorRecords: prior,
      batch: step,
      linker: {
        precision: round(db.precision),
        recall: round(db.recall),
        f1: round(db.f1),
        seconds: round(seconds),
      },
      inMemoryResolver: {
        precision: round(memory.precision),
        recall: round(memory.recall),
        f1: round(memory.f1),
      },
    }),
  );
};

const prior = Number(arg('prior', '1000'));
const batch = Number(arg('batch', '0'));
const dev = arg('dev', fileURLToPath(new URL('../../../../testdata/resolution-dev', import.meta.url)));
if (existsSync(dev)) {
  const { records, truth } = loadLabelledSet(dev);
  measure('dev', records, truth, prior);
}
const size = Number(arg('synthetic', '3000'));
if (size > 0) {
  const { records, truth } = generatePeople({ records: size, seed: 5 });
  measure(`synthetic-${size}`, records, truth, prior);
}
