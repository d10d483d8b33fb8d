import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { rowsOf, textArrayParam } from '../../shared/sql-rows.js';
import { preparePerson } from '../prepare.js';
import type { Entity } from './link.js';
import { keyLimit } from './link.js';
import { asPersonRecord, type PersonValue } from './person-value.js';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Candidate persons for a batch: one indexed lookup per blocking key (bounded per key so a common name
 * cannot flood the batch), then the candidates' recent source records, which the linker scores.
 */
export async function retrieveCandidates(db: Db, keys: readonly string[]) {
  const keyIndex = new Map<string, Set<string>>();
  const entities = new Map<string, Entity>();
  if (keys.length === 0) return { keyIndex, entities };
  const hits = rowsOf<{ key: string; person_id: string }>(
    await db.execute(sql`
      select k.key, pk.person_id
      from jsonb_to_recordset(${json(keys.map((key) => ({ key, lim: keyLimit(key) })))}) as k(key text, lim int)
      cross join lateral (select person_id from person_keys where person_keys.key = k.key limit k.lim) pk`),
  );
  for (const hit of hits) {
    const set = keyIndex.get(hit.key) ?? new Set();
    set.add(hit.person_id);
    keyIndex.set(hit.key, set);
  }
  const ids = [...new Set(hits.map((h) => h.person_id))];
  if (ids.length === 0) return { keyIndex, entities };
  const rows = rowsOf<{
    id: string;
    created_at: string | Date;
    payload: PersonValue | null;
    seen_at: string | Date | null;
    trust: number | null;
    source_id: string | null;
    full_name: string;
    first_name: string | null;
    last_name: string | null;
    title: string | null;
    city: string | null;
    country: string | null;
  }>(
    await db.execute(sql`
      select p.id, p.created_at, p.full_name, p.first_name, p.last_name, p.title, p.city, p.country,
             r.payload, r.created_at as seen_at, r.source_id, s.trust
      from people p
      left join lateral (
        select payload, created_at, source_id from source_records
        where source_records.entity_id = p.id and source_records.kind = 'people'
        order by created_at desc limit 50
      ) r on true
      left join sources s on s.id = r.source_id
      where p.id = any(${textArrayParam(ids)})`),
  );
  for (const row of rows) {
    let entity = entities.get(row.id);
    if (!entity) {
      entity = { id: row.id, existing: true, createdAt: new Date(row.created_at).getTime(), records: [] };
      entities.set(row.id, entity);
    }
    // A person stored without source records (seeded) is scored on its own columns.
    const value: PersonValue = row.payload ?? {
      fullName: row.full_name,
      firstName: row.first_name ?? undefined,
      lastName: row.last_name ?? undefined,
      title: row.title ?? undefined,
      city: row.city ?? undefined,
      country: row.country ?? undefined,
    };
    entity.records.push({
      value,
      prepared: preparePerson(asPersonRecord(row.id, value), 0),
      trust: Number(row.trust ?? 0.5),
      seenAt: new Date(row.seen_at ?? row.created_at),
      sourceId: row.source_id ?? undefined,
    });
  }
  return { keyIndex, entities };
}

/**
 * Persons in the graph, from the statistics PostgreSQL keeps anyway (live rows, else the planner's
 * estimate): one catalog read, no count. Null when the table has no statistics yet.
 */
export async function graphPersons(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ n: number | string | null }>(
    await db.execute(sql`
      select greatest(reltuples, pg_stat_get_live_tuples(oid))::bigint as n
      from pg_class where oid = 'people'::regclass`),
  );
  const n = Number(row?.n ?? 0);
  return n > 0 ? n : null;
}
