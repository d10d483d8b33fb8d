import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { textArrayParam } from '../../shared/sql-rows.js';

/**
 * Rows for persons created in this batch cannot exist yet (their ids are new), so they go in without
 * `on conflict`, which costs PostgreSQL a speculative insertion per row; the others keep it.
 */
const byNewness = <T>(rows: T[], personOf: (row: T) => string, created: Set<string>) => {
  const fresh: T[] = [];
  const others: T[] = [];
  for (const row of rows) (created.has(personOf(row)) ? fresh : others).push(row);
  return [
    [fresh, sql``],
    [others, sql`on conflict do nothing`],
  ] as const;
};

/**
 * Blocking keys of persons, one statement (two when some persons are new, see `byNewness`): keys and
 * ids travel as two text[] parameters and `unnest` pairs them (cheaper for PostgreSQL than decoding a
 * JSON document of the same rows).
 */
export async function insertKeys(
  db: Db,
  byPerson: Map<string, Set<string>>,
  created: Set<string> = new Set(),
) {
  const pairs: [string, string][] = [];
  for (const [id, set] of byPerson) for (const key of set) pairs.push([key, id]);
  for (const [rows, conflict] of byNewness(pairs, (p) => p[1], created)) {
    if (rows.length === 0) continue;
    await db.execute(sql`
      insert into person_keys (key, person_id)
      select * from unnest(${textArrayParam(rows.map((p) => p[0]))}, ${textArrayParam(rows.map((p) => p[1]))}) ${conflict}`);
  }
}

/** Which source delivered which value of a person (provenance), as `insertKeys` writes keys. */
export async function insertValueSources(
  db: Db,
  rows: { personId: string; field: string; value: string }[],
  sourceId: string,
  created: Set<string>,
) {
  for (const [part, conflict] of byNewness(rows, (r) => r.personId, created)) {
    if (part.length === 0) continue;
    await db.execute(sql`
      insert into person_value_sources (person_id, field, value, source_id)
      select p, f, v, ${sourceId} from unnest(${textArrayParam(part.map((r) => r.personId))},
        ${textArrayParam(part.map((r) => r.field))}, ${textArrayParam(part.map((r) => r.value))}) as x(p, f, v) ${conflict}`);
  }
}
