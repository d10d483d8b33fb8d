import { companies, type Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../demo/load.js';
import { testContext } from '../../testing/search-fixtures.js';
import { saveCompany } from '../company/store.js';
import { knownCountries } from './query/index.js';
import { searchCompanies } from './run-search.js';
import { refreshSearchVocab, searchVocabOf, VOCAB_REFRESH_MS } from './stored-vocab.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoData(database, { asOf: new Date('2026-11-22T00:00:00Z') });
}, 300_000);
afterAll(() => database.close());

/** Every id a query finds, page by page. */
async function everyId(query: string): Promise<{ ids: Set<string>; unused: string[] }> {
  const ctx = testContext(database);
  const ids = new Set<string>();
  let cursor: string | undefined;
  let unused: string[] = [];
  do {
    const page = await searchCompanies(ctx, { query, limit: 100, cursor });
    for (const row of page.data) ids.add(row.id);
    unused = page.interpreted.unused_words;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return { ids, unused };
}

const stored = async (column: 'industry' | 'city' | 'country') =>
  database.query<{ value: string; ids: string[] }>(
    sql`select ${sql.raw(column)} as value, array_agg(id) as ids from ${companies} where ${sql.raw(column)} is not null group by 1`,
  );

describe('every stored value is found by its own name (demo data)', () => {
  it('industries', async () => {
    const rows = await stored('industry');
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const { value, ids } of rows) {
      const found = await everyId(`${value} companies`);
      expect([value, ids.filter((id) => !found.ids.has(id))]).toEqual([value, []]);
      expect([value, found.unused]).toEqual([value, []]);
    }
  });

  it('technologies', async () => {
    const rows = await database.query<{ name: string; ids: string[] }>(
      sql`select min(name) as name, array_agg(company_id) as ids from company_technologies group by slug`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const { name, ids } of rows) {
      const found = await everyId(`companies using ${name}`);
      expect([name, ids.filter((id) => !found.ids.has(id)), found.ids.size]).toEqual([name, [], ids.length]);
    }
  });

  it('cities and countries', async () => {
    for (const { value, ids } of await stored('city')) {
      const found = await everyId(`companies in ${value}`);
      expect([value, ids.filter((id) => !found.ids.has(id)), found.ids.size]).toEqual([
        value,
        [],
        ids.length,
      ]);
    }
    for (const { value, ids } of await stored('country')) {
      const name = knownCountries.get(value) ?? value;
      const found = await everyId(`companies in ${name}`);
      expect([name, ids.filter((id) => !found.ids.has(id)), found.ids.size]).toEqual([name, [], ids.length]);
    }
  });

  it('reads Bengaluru as stored, and finds the same companies as Bangalore', async () => {
    const ctx = testContext(database);
    const page = await searchCompanies(ctx, { query: 'companies in Bengaluru', limit: 100 });
    expect(page.interpreted.filters).toEqual({ city: ['Bengaluru'] });
    const other = await searchCompanies(ctx, { query: 'companies in Bangalore', limit: 100 });
    expect(other.total).toBe(page.total);
    expect(page.total).toBeGreaterThan(0);
  });
});

describe('the vocabulary follows the data', () => {
  it('finds a technology stored after the first search, once refreshed', async () => {
    const ctx = testContext(database);
    const before = await searchCompanies(ctx, { query: 'companies using Quuxbase', limit: 10 });
    expect(before.interpreted.filters).toEqual({});
    await saveCompany(database.db, {
      domain: 'quux.example',
      name: 'Quux Works',
      technologies: [{ slug: 'quuxbase', name: 'Quuxbase', category: 'database' }],
    });
    // A search after the refresh interval starts a reload and reads with the old vocabulary meanwhile.
    const vocab = await searchVocabOf(database);
    const stale = await searchVocabOf(database, Date.now() + VOCAB_REFRESH_MS);
    expect(stale).toBe(vocab);
    await refreshSearchVocab(database);
    const after = await searchCompanies(ctx, { query: 'companies using Quuxbase', limit: 10 });
    expect(after.interpreted.filters).toEqual({ technologies: { all: ['quuxbase'] } });
    expect(after.data.map((r) => r.name)).toEqual(['Quux Works']);
  });
});
