import { type Db, people, personEmails, personPhones, personProfiles } from '@dossier/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isNicknameOf } from '../normalize/nicknames.js';
import { personNameKeys } from '../normalize/person-name.js';
import { seniorities } from '../normalize/title.js';

const cap = 10;

export const peopleByEmail = async (db: Db, email: string): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: personEmails.personId })
      .from(personEmails)
      .where(eq(personEmails.email, email))
      .limit(cap)
  ).map((r) => r.id);

export const peopleByLinkedIn = async (db: Db, slug: string): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: personProfiles.personId })
      .from(personProfiles)
      .where(and(eq(personProfiles.network, 'linkedin'), eq(personProfiles.handle, slug)))
      .limit(cap)
  ).map((r) => r.id);

export const peopleByPhone = async (db: Db, e164: string): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: personPhones.personId })
      .from(personPhones)
      .where(eq(personPhones.e164, e164))
      .limit(cap)
  ).map((r) => r.id);

/** People at a company with this name; nicknames count (Bob finds Robert). */
export async function peopleByName(
  db: Db,
  companyId: string,
  name: { first?: string; last?: string; full?: string },
): Promise<string[]> {
  const keys = personNameKeys(name);
  if (!keys.lastKey) return [];
  const rows = await db
    .select({ id: people.id, first: people.firstName, last: people.lastName, full: people.fullName })
    .from(people)
    .where(eq(people.companyId, companyId))
    .limit(5000);
  return rows
    .filter((row) => {
      const k = personNameKeys({ first: row.first, last: row.last, full: row.full });
      return k.lastKey === keys.lastKey && (!keys.firstKey || isNicknameOf(k.firstKey, keys.firstKey));
    })
    .map((row) => row.id)
    .slice(0, cap);
}

export interface ContactFilters {
  titles?: string[];
  seniority?: string[];
  department?: string[];
  limit: number;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A company's people, most senior first, filtered; served by the company, seniority and department indexes. */
export async function peopleAtCompany(db: Db, companyId: string, filters: ContactFilters): Promise<string[]> {
  const conditions = [eq(people.companyId, companyId)];
  if (filters.seniority?.length) conditions.push(inArray(people.seniority, filters.seniority));
  if (filters.department?.length) conditions.push(inArray(people.department, filters.department));
  if (filters.titles?.length)
    conditions.push(
      sql`(${sql.join(
        filters.titles.map((t) => sql`${people.title} ilike ${`%${likeEscape(t)}%`}`),
        sql` or `,
      )})`,
    );
  const rank = sql.raw(
    `case seniority ${seniorities.map((s, i) => `when '${s}' then ${i}`).join(' ')} else ${seniorities.length} end`,
  );
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(and(...conditions))
    .orderBy(rank, asc(people.id))
    .limit(filters.limit);
  return rows.map((r) => r.id);
}
