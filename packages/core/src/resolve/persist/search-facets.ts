import type { Db, PersonRoleColumns } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { textArrayParam } from '../../shared/sql-rows.js';

/** A new person's row, with what its search facets need from the contacts written beside it. */
export interface NewPersonRow extends PersonRoleColumns {
  company_id: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  /** Statuses of the emails written for this person in the same batch (all of a new person's). */
  statuses: string[];
  verified: boolean;
  mobile: boolean;
}

/** Per person, the contact flags its facets carry, from the email and phone rows a batch writes. */
export function contactFlags(
  emails: Iterable<{ personId: string; status?: string }>,
  phones: Iterable<{ personId: string; type?: string }>,
  defaultStatus: string,
) {
  const flags = new Map<string, { statuses: string[]; verified: boolean; mobile: boolean }>();
  const of = (id: string) => {
    let f = flags.get(id);
    if (!f) {
      f = { statuses: [], verified: false, mobile: false };
      flags.set(id, f);
    }
    return f;
  };
  for (const e of emails) {
    const f = of(e.personId);
    const status = e.status ?? defaultStatus;
    if (!f.statuses.includes(status)) f.statuses.push(status);
    if (status === 'verified') f.verified = true;
  }
  for (const p of phones) if (p.type === 'mobile') of(p.personId).mobile = true;
  return flags;
}

/**
 * Turns the people search triggers of packages/db/sql/search-facets.sql off for the rest of this batch (the setting is
 * local to the transaction): the writer keeps facets right itself, with `insertPeopleWithFacets` and
 * `refreshPeopleSearch`. Otherwise every email of a new person would rewrite that person's row.
 */
export async function deferPeopleSearch(db: Db) {
  await db.execute(sql`select set_config('dossier.people_search', 'deferred', true)`);
}

/**
 * New people in one statement, with their final search facets and their company's numbers computed
 * as the triggers would (`dossier_person_facets` over their own fields, contacts and company facets).
 */
export async function insertPeopleWithFacets(db: Db, rows: NewPersonRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into people (id, full_name, first_name, last_name, title, seniority, department, company_id, city, region,
      country, search_facets, company_employee_count, company_founded_year, company_revenue_min, company_revenue_max)
    select x.id, x.full_name, x.first_name, x.last_name, x.title, x.seniority, x.department, x.company_id, x.city,
      x.region, x.country,
      dossier_person_facets(x.seniority, x.department, x.country, x.region, x.city, x.verified, x.mobile, x.statuses,
        c.search_facets),
      c.employee_count, c.founded_year, c.revenue_min, c.revenue_max
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, full_name text, first_name text,
      last_name text, title text, seniority text, department text, company_id text, city text, region text,
      country text, statuses text[], verified boolean, mobile boolean)
    left join companies c on c.id = x.company_id
    on conflict do nothing`);
}

/**
 * Recomputes the facets of people this batch changed (golden record updated, contacts added, merged
 * into), writing only rows whose facets differ, then turns the triggers back on.
 */
export async function refreshPeopleSearch(db: Db, ids: string[]) {
  if (ids.length) await db.execute(sql`select dossier_refresh_people_search(${textArrayParam(ids)})`);
  await db.execute(sql`select set_config('dossier.people_search', '', true)`);
}
