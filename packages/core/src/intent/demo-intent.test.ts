import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../demo/load.js';
import { listIntentTopics } from './list-topics.js';
import { queryIntent } from './query-intent.js';

// The demo loader inserts raw rows; the triggers on signals and job_postings build the aggregates.
describe('intent on the demo data', () => {
  let database: Database;
  const asOf = new Date('2026-11-22T04:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDemoData(database, { asOf });
  }, 120_000);
  afterAll(() => database.close());

  it('shows surging accounts, hiring spikes and job changes', async () => {
    const surge = await queryIntent(database.db, { types: ['surge'], limit: 100 }, asOf);
    const hiring = await queryIntent(database.db, { types: ['hiring'], limit: 100 }, asOf);
    const changes = await queryIntent(
      database.db,
      { types: ['job_change'], limit: 100, min_score: 0, since: '2025-01-01' },
      asOf,
    );
    // 20 companies surge on one topic in the last 7 days; noise may add a few more.
    const surging = new Set(surge.data.map((i) => i.company.domain));
    expect(surging.size).toBeGreaterThanOrEqual(15);
    expect(surging.size).toBeLessThanOrEqual(40);
    expect(surge.data.find((i) => i.company.domain === 'northwind.example')).toMatchObject({
      topic: 'crm software',
    });
    // 15 companies post several times their usual rate in the last 30 days.
    expect(hiring.data.length).toBeGreaterThanOrEqual(10);
    expect(hiring.data.length).toBeLessThanOrEqual(30);
    expect(changes.data.length).toBeGreaterThan(0);
    expect(changes.data[0]?.person?.name).toBeTruthy();
    const mixed = await queryIntent(database.db, { limit: 100 }, asOf);
    expect(new Set(mixed.data.map((i) => i.type)).size).toBeGreaterThanOrEqual(2);
    const topics = await listIntentTopics(database.db, asOf, { limit: 200 });
    expect(topics.find((t) => t.topic === 'crm software')?.surging_companies).toBeGreaterThanOrEqual(1);
  });
});
