import { companies, type Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/store.js';
import { relevanceSql } from './relevance.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const rows: [string, string][] = [
    ['Acme', 'Acme makes anvils.'],
    ['Acme Corp', 'Anvils and payments platforms.'],
    ['Acmee Widgets', 'Widgets.'],
    ['Northwind', 'Payments platforms for hospitals, platforms for banks.'],
    ['Platformly', 'Hospital software.'],
    ['acme.com', 'A domain as a name.'],
    ['The', 'Stop words only.'],
  ];
  for (const [i, [name, description]] of rows.entries())
    await saveCompany(database.db, { domain: `r${i}.example`, name, description, tags: ['platforms'] });
});
afterAll(async () => {
  await database.close();
});

/** Each row's whole match and score, and which part takes it with what score. */
async function scored(text: string) {
  const c = companies;
  const rel = relevanceSql(text, c.searchTsv, c.name);
  const [byVector, byName] = rel.parts;
  return database.query<{
    name: string;
    whole: boolean;
    s: number | null;
    p1: boolean;
    s1: number;
    p2: boolean;
    s2: number;
  }>(
    sql`select ${c.name} as name, coalesce(${rel.match}, false) as whole, ${rel.score} as s,
      coalesce(${byVector.match}, false) as p1, ${byVector.score} as s1,
      coalesce(${byName.match}, false) as p2, ${byName.score} as s2 from ${c}`,
  );
}

describe('relevance parts', () => {
  it('matches no name by trigrams for a text of under four letters', async () => {
    const rows = await scored('the');
    expect(rows.filter((r) => r.whole).map((r) => r.name)).toEqual([]);
    const ac = await scored('cme');
    expect(ac.filter((r) => r.whole).map((r) => r.name)).toEqual([]);
  });

  it.each(['acme', 'Acme Corp', 'acmee', 'platforms', 'payments platforms', 'acme.com', 'platformly'])(
    '"%s": every match is in exactly one part, scored the same',
    async (text) => {
      const rows = await scored(text);
      expect(rows.some((r) => r.whole)).toBe(true);
      for (const r of rows) {
        expect([r.name, Number(r.p1) + Number(r.p2)]).toEqual([r.name, r.whole ? 1 : 0]);
        if (r.p1) expect([r.name, r.s1]).toEqual([r.name, r.s]);
        if (r.p2) expect([r.name, r.s2]).toEqual([r.name, r.s]);
      }
    },
  );
});
