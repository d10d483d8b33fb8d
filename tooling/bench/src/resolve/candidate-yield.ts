/**
 * What candidate retrieval brings back for a CRM import's last rows, and how much of it could link: run
 * after `db-bench.ts` with the same BENCH_RESOLVE_IMPORT, BENCH_RESOLVE_COMPANIES and
 * BENCH_RESOLVE_PER_PERSON, on the database it left (BENCH_RESOLVE_DB). Each of the file's last 1,000
 * rows retrieves its candidates alone against the finished graph (its own person left out) and scores
 * them with the linker's scorer, without the namesake penalty: an upper bound of its link score. Prints,
 * by blocking-key kind (its first letter: e email, l LinkedIn, p phone, n name + employer, f first name +
 * employer, k surname + employer, i initials + employer, c surname + city + initial, m bare name, q name
 * sound + place, x mailbox name), the candidates it reached, those reached by that kind alone, and how
 * many of each score at the link cut.
 */
import { createDatabase } from '@dossier/db';
import { noSharedKeys } from '../../../../packages/core/src/resolve/compare.js';
import { defaultPersonModel } from '../../../../packages/core/src/resolve/model.js';
import { keyLimit, personKeysOf } from '../../../../packages/core/src/resolve/persist/link.js';
import { asPersonRecord, checkPerson } from '../../../../packages/core/src/resolve/persist/person-value.js';
import { retrieveCandidates } from '../../../../packages/core/src/resolve/persist/retrieve.js';
import { createScorer } from '../../../../packages/core/src/resolve/persist/score.js';
import { preparePerson } from '../../../../packages/core/src/resolve/prepare.js';
import { generatePeople } from '../../../../packages/core/testing/resolver-lab/synthetic.js';
import { sql } from '../search/drizzle.js';
import { atMostPerPerson, crmShaped, personFields } from './crm-shape.js';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log('BENCH_DATABASE_URL is unset: skipped.');
  process.exit(0);
}
const size = Number(process.env.BENCH_RESOLVE_IMPORT ?? 50_000);
const employers = Number(process.env.BENCH_RESOLVE_COMPANIES ?? 0);
const perPerson = Number(process.env.BENCH_RESOLVE_PER_PERSON ?? 0);
const target = new URL(base);
target.pathname = `/${process.env.BENCH_RESOLVE_DB ?? 'dossier_bench_resolve'}`;
const database = await createDatabase({ url: target.toString(), maxConnections: 1 });

// The file db-bench.ts imported, rebuilt the same way.
const generated = generatePeople({ records: perPerson > 0 ? size * 4 : size, seed: 11 });
const kept =
  perPerson > 0 ? atMostPerPerson(generated.records, generated.truth, perPerson, size) : generated.records;
const records = employers > 0 ? crmShaped(kept, employers) : kept;
const last = Math.max(0, records.length - 1000);
const own = new Map<number, string>();
for (const r of await database.query<{ row_number: number; entity_id: string }>(sql`
  select s.row_number, coalesce(x.to_id, s.entity_id) as entity_id from source_records s
  left join entity_redirects x on x.from_id = s.entity_id where s.kind = 'people' and s.row_number > ${last}`))
  own.set(r.row_number, r.entity_id);

const scorer = createScorer(defaultPersonModel(), noSharedKeys);
// The cut linkBatch uses with storePeople's prior (1,000 records).
const cut = scorer.cut(0.95, 1000);
const byKind = new Map<string, { reached: number; atCut: number; alone: number; aloneAtCut: number }>();
let candidates = 0;
let atCut = 0;
let keysAtLimit = 0;
let keys = 0;
for (let row = last + 1; row <= records.length; row++) {
  const check = checkPerson(personFields(records[row - 1] as (typeof records)[number]));
  if (!check.ok) continue;
  const prepared = preparePerson(asPersonRecord('probe', check.value), 0);
  const mine = personKeysOf(prepared);
  const { keyIndex, entities } = await retrieveCandidates(database.db, mine);
  keys += mine.length;
  for (const key of mine) if ((keyIndex.get(key)?.size ?? 0) >= keyLimit(key)) keysAtLimit++;
  for (const [id, entity] of entities) {
    if (id === own.get(row)) continue;
    const kinds = [...new Set(mine.filter((k) => keyIndex.get(k)?.has(id)).map((k) => k[0] as string))];
    let best = Number.NEGATIVE_INFINITY;
    for (const r of entity.records) best = Math.max(best, scorer.pair(prepared, r.prepared).score);
    const links = best >= cut;
    candidates++;
    if (links) atCut++;
    for (const kind of kinds) {
      const b = byKind.get(kind) ?? { reached: 0, atCut: 0, alone: 0, aloneAtCut: 0 };
      byKind.set(kind, b);
      b.reached++;
      if (links) b.atCut++;
      if (kinds.length === 1) {
        b.alone++;
        if (links) b.aloneAtCut++;
      }
    }
  }
}
console.log(
  JSON.stringify({
    bench: 'candidate-yield',
    rows: records.length - last,
    keys,
    keysAtLimit,
    candidates,
    atCut,
    cut: Number(cut.toFixed(2)),
    byKind: Object.fromEntries([...byKind].sort((a, b) => b[1].reached - a[1].reached)),
  }),
);
await database.close();
