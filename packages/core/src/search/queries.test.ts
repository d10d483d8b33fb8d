import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../demo/load.js';
import { testContext } from '../../testing/search-fixtures.js';
import { type QueryCase, queryCases } from './queries.data.js';
import { type SearchInput, searchCompanies, searchPeople } from './run-search.js';

// The prospecting set on the demo data: each sentence read in plain language against the
// structured search of the filters it means (the truth). Figures are printed and held to targets.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await loadDemoData(database, { asOf: new Date('2026-11-22T00:00:00Z') });
}, 300_000);
afterAll(() => database.close());

const MAX_ROWS = 3000;

/** Lists sorted, so that the order a list was written in does not count. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value))
    return value.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
};

async function run(item: QueryCase, input: SearchInput<never>) {
  const ctx = testContext(database);
  const ids: string[] = [];
  let cursor: string | undefined;
  let first: Awaited<ReturnType<typeof searchCompanies>> | undefined;
  do {
    const page =
      item.entity === 'companies'
        ? await searchCompanies(ctx, { ...input, limit: 100, cursor })
        : await searchPeople(ctx, { ...input, limit: 100, cursor });
    first ??= page as Awaited<ReturnType<typeof searchCompanies>>;
    ids.push(...page.data.map((r) => r.id));
    cursor = page.cursor ?? undefined;
  } while (cursor && ids.length < MAX_ROWS);
  return { ids, first: first as NonNullable<typeof first> };
}

describe('prospecting queries on the demo data', () => {
  it('has at least 100 queries', () => {
    expect(queryCases.length).toBeGreaterThanOrEqual(100);
  });

  it('reads them as meant and answers them', async () => {
    let exact = 0;
    let withTruth = 0;
    let precisionSum = 0;
    let recallSum = 0;
    const empty: string[] = [];
    const inverted: string[] = [];
    const misread: string[] = [];
    for (const item of queryCases) {
      const plain = await run(item, { query: item.query, limit: 100 } as unknown as SearchInput<never>);
      const truth = await run(item, {
        query: '',
        limit: 100,
        filters: item.filters,
      } as unknown as SearchInput<never>);
      const read = plain.first.interpreted.filters;
      if (JSON.stringify(canonical(read)) === JSON.stringify(canonical(item.filters))) exact++;
      else misread.push(`${item.query}: ${JSON.stringify(read)}`);
      if (truth.ids.length === 0) continue;
      withTruth++;
      const truthSet = new Set(truth.ids);
      const top = plain.ids.slice(0, 10);
      const hits = top.filter((id) => truthSet.has(id)).length;
      precisionSum += top.length ? hits / top.length : 0;
      recallSum += plain.ids.filter((id) => truthSet.has(id)).length / truth.ids.length;
      if (plain.ids.length === 0) empty.push(item.query);
      else if (hits === 0) inverted.push(item.query);
    }
    const precision = precisionSum / withTruth;
    const recall = recallSum / withTruth;
    console.log(
      `queries ${queryCases.length}: read exactly ${exact}, with matches ${withTruth}, precision@10 ${precision.toFixed(3)}, ` +
        `recall ${recall.toFixed(3)}, empty ${empty.length}, inverted ${inverted.length}\n${misread.join('\n')}`,
    );
    expect(empty).toEqual([]);
    expect(inverted).toEqual([]);
    expect(exact / queryCases.length).toBeGreaterThanOrEqual(55 / 60);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
