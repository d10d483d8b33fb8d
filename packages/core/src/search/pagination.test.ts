import { companies, type Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, testContext } from '../../testing/search-fixtures.js';
import { saveCompany } from '../company/store.js';
import { runOperation } from '../run-operation.js';
import { searchCompaniesOperation, searchPeopleOperation } from './operations.js';

let database: Database;
const NAMES = ['Acme', 'Acme Corp', 'Acme Widgets', 'Acme Logistics Group', 'Acmes', 'Acme Acme'];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Page = {
  data: { id: string; score: number }[];
  cursor: string | null;
  total: number;
  total_is_estimate: boolean;
};

const addCompany = async (i: number, tag: string) =>
  saveCompany(database.db, {
    domain: `${tag}-${i}.example`,
    name: NAMES[i % NAMES.length] as string,
    description: 'Acme makes anvils.',
    country: 'FR',
    employeeCount: 10 + i,
  });

/** Pages through a search, inserting rows that match it before every next page. */
async function pageWhileInserting(
  body: Record<string, unknown>,
  insert: (round: number) => Promise<unknown>,
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let round = 0; round < 50; round++) {
    const page = (await runOperation(searchCompaniesOperation, testContext(database), {
      ...body,
      ...(cursor ? { cursor } : {}),
    })) as Page;
    seen.push(...page.data.map((r) => r.id));
    cursor = page.cursor;
    if (!cursor) return seen;
    await insert(round);
  }
  throw new Error('did not end');
}

describe('cursor pagination under concurrent inserts', () => {
  it.each([
    ['filters only (id order)', { filters: { country: ['FR'] }, limit: 7 }],
    ['text relevance (score, id order)', { query: 'acme', filters: { country: ['FR'] }, limit: 4 }],
  ])('%s: no repeats, no skipped pre-existing rows', async (_label, body) => {
    await database.query(sql`delete from ${companies}`);
    const before = await Promise.all(Array.from({ length: 30 }, (_, i) => addCompany(i, 'old')));
    let added = 0;
    const seen = await pageWhileInserting(body, async () => {
      // Three matching rows per page: some sort before the cursor, some after.
      for (let k = 0; k < 3; k++) await addCompany(added++, `new${k}`);
    });
    expect(new Set(seen).size).toBe(seen.length);
    const missing = before.filter((id) => !seen.includes(id));
    expect(missing).toEqual([]);
  });

  it('orders text results by score, then id', async () => {
    const page = (await runOperation(searchCompaniesOperation, testContext(database), {
      query: 'acme corp',
      limit: 100,
    })) as Page;
    expect(page.data.length).toBeGreaterThan(1);
    for (let i = 1; i < page.data.length; i++) {
      const [a, b] = [page.data[i - 1], page.data[i]] as [Page['data'][0], Page['data'][0]];
      expect(a.score > b.score || (a.score === b.score && a.id < b.id)).toBe(true);
    }
  });

  it('pages people the same way', async () => {
    const company = await addCompany(1, 'people');
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(
        await insertPerson(database, { fullName: `Person ${i}`, title: 'Engineer', companyId: company }),
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await runOperation(searchPeopleOperation, testContext(database), {
        filters: { title: ['engineer'] },
        limit: 5,
        ...(cursor ? { cursor } : {}),
      })) as Page;
      seen.push(...page.data.map((r) => r.id));
      cursor = page.cursor;
      await insertPerson(database, { fullName: 'Late Joiner', title: 'Engineer' });
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(made.filter((id) => !seen.includes(id))).toEqual([]);
  });
});

describe('total', () => {
  it('is exact up to 10,000, then an estimate marked as such', async () => {
    await database.query(sql`delete from ${companies}`);
    await database.query(
      sql`insert into ${companies} (id, domain, name, country) select 'cmp_bulk' || n, 'bulk' || n || '.example', 'Bulk ' || n, case when n <= 10000 then 'NL' else 'BE' end from generate_series(1, 10050) as n`,
    );
    await database.query(sql`analyze ${companies}`);
    const exact = (await runOperation(searchCompaniesOperation, testContext(database), {
      filters: { country: ['NL'] },
    })) as Page;
    expect(exact).toMatchObject({ total: 10_000, total_is_estimate: false });
    const estimate = (await runOperation(searchCompaniesOperation, testContext(database), {
      filters: { country: ['NL', 'BE'] },
    })) as Page;
    expect(estimate.total_is_estimate).toBe(true);
    expect(estimate.total).toBeGreaterThan(10_000);
  });
});
