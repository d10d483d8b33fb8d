import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { PERSONAL_FIELDS, type PersonValue } from './person-value.js';

const COLUMNS: Record<(typeof PERSONAL_FIELDS)[number], string> = {
  middleName: 'middle_name',
  nativeName: 'native_name',
  dob: 'dob',
  gender: 'gender',
  address: 'address',
  postcode: 'postcode',
  ssn: 'ssn',
  passport: 'passport',
  driversLicense: 'drivers_license',
  nationalId: 'national_id',
};
const names = Object.values(COLUMNS);

/**
 * Writes the personal attributes of touched persons from their golden records, one statement per
 * batch: a person with none gets no row, a stored row changes only when its values do.
 */
export async function writePersonAttributes(db: Db, goldens: Map<string, PersonValue>) {
  const rows: Record<string, string | null>[] = [];
  for (const [id, g] of goldens) {
    if (!PERSONAL_FIELDS.some((f) => g[f] !== undefined)) continue;
    const row: Record<string, string | null> = { person_id: id };
    for (const f of PERSONAL_FIELDS) row[COLUMNS[f]] = g[f] ?? null;
    rows.push(row);
  }
  if (rows.length === 0) return;
  const list = sql.raw(names.join(', '));
  const typed = sql.raw(names.map((n) => `${n} text`).join(', '));
  const updates = sql.raw(names.map((n) => `${n} = excluded.${n}`).join(', '));
  const changed = sql.raw(
    `(${names.map((n) => `person_attributes.${n}`).join(', ')}) is distinct from (${names.map((n) => `excluded.${n}`).join(', ')})`,
  );
  await db.execute(sql`
    insert into person_attributes (person_id, ${list})
    select person_id, ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(person_id text, ${typed})
    on conflict (person_id) do update set ${updates}, updated_at = now() where ${changed}`);
}
