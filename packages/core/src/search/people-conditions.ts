import { people, personEmails, personPhones } from '@dossier/db';
import { type SQL, sql } from 'drizzle-orm';
import { companyConditions } from './company-conditions.js';
import type { PeopleSearchFilters } from './query/index.js';
import { lowerIn, phraseQuery, textArray } from './sql-helpers.js';

const emailWith = (status: SQL) =>
  sql`exists (select 1 from ${personEmails} where ${personEmails.personId} = ${people.id} and ${status})`;
const mobile = sql`exists (select 1 from ${personPhones} where ${personPhones.personId} = ${people.id} and ${personPhones.type} = 'mobile')`;

/** SQL conditions on `people` (joined to `companies` on the current company) for people filters. */
export function peopleConditions(f: PeopleSearchFilters): SQL[] {
  const p = people;
  const out: SQL[] = [];
  if (f.title) {
    // Title words are weight B of the person's search vector: a name never matches a title filter.
    const query = phraseQuery(f.title, 'B');
    out.push(query ? sql`${p.searchTsv} @@ to_tsquery('english', ${query})` : sql`false`);
  }
  if (f.seniority) out.push(sql`${p.seniority} = any(${textArray(f.seniority)})`);
  if (f.department) out.push(sql`${p.department} = any(${textArray(f.department)})`);
  if (f.country) out.push(sql`${p.country} = any(${textArray(f.country)})`);
  if (f.region) out.push(lowerIn(p.region, f.region));
  if (f.city) out.push(lowerIn(p.city, f.city));
  if (f.has_verified_email !== undefined) {
    const verified = emailWith(sql`${personEmails.status} = 'verified'`);
    out.push(f.has_verified_email ? verified : sql`not ${verified}`);
  }
  if (f.has_mobile !== undefined) out.push(f.has_mobile ? mobile : sql`not ${mobile}`);
  if (f.email_status) out.push(emailWith(sql`${personEmails.status} = any(${textArray(f.email_status)})`));
  if (f.company) out.push(...companyConditions(f.company));
  return out;
}

/** Whether the filters touch the company, so the join must be an inner one. */
export const needsCompany = (f: PeopleSearchFilters): boolean =>
  f.company !== undefined && Object.keys(f.company).length > 0;
