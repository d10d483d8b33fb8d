import { type Db, people } from '@dossier/db';
import { eq } from 'drizzle-orm';
import { isNicknameOf } from '../normalize/nicknames.js';
import { personNameKeys } from '../normalize/person-name.js';

const cap = 10;

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
