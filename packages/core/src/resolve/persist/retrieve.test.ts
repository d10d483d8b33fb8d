import { sourceRecords, sources } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestRecords } from '../../ingest/ingest-records.js';
import { preparePerson } from '../prepare.js';
import { personKeysOf } from './link.js';
import { asPersonRecord, checkPerson } from './person-value.js';
import { retrieveCandidates } from './retrieve.js';

const keysOf = (row: Record<string, string>) => {
  const check = checkPerson(row);
  if (!check.ok) throw new Error('fixture row does not check');
  return [...personKeysOf(preparePerson(asPersonRecord('probe', check.value), 0))];
};

describe('candidate retrieval', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());
  const ada = { first_name: 'Ada', last_name: 'Quill', email: 'ada.quill@fabrikam.example' };
  const adaAgain = {
    first_name: 'Ada',
    last_name: 'Quill',
    email: 'ada.quill@fabrikam.example',
    title: 'CFO',
  };
  const bo = {
    first_name: 'Bo',
    last_name: 'Lind',
    linkedin_url: 'https://www.linkedin.com/in/bo-lind-fab/',
  };

  it('reads a record once and serves it again, following merges and deletions', async () => {
    const db = await database;
    const [first] = await ingestRecords(db, 'people', 'crm', [ada, adaAgain]);
    const [other] = await ingestRecords(db, 'people', 'events', [bo]);
    expect(other?.entityId).not.toBe(first?.entityId);

    const before = await retrieveCandidates(db.db, keysOf(ada));
    const person = before.entities.get(first?.entityId as string);
    expect(person?.records.map((r) => r.value.title ?? null).sort()).toEqual(['CFO', null]);
    // A second read gives the very same prepared records: nothing parsed or prepared again.
    const again = await retrieveCandidates(db.db, keysOf(ada));
    const prepared = new Set(person?.records.map((r) => r.prepared));
    for (const r of again.entities.get(first?.entityId as string)?.records ?? [])
      expect(prepared.has(r.prepared)).toBe(true);

    // A merge moves the records' rows to the survivor (mergeInto): the cached records follow them.
    await db.db
      .update(sourceRecords)
      .set({ entityId: other?.entityId as string })
      .where(eq(sourceRecords.entityId, first?.entityId as string));
    const moved = await retrieveCandidates(db.db, [...keysOf(ada), ...keysOf(bo)]);
    expect(moved.entities.get(first?.entityId as string)?.records).toHaveLength(1); // its own columns
    const survivor = moved.entities.get(other?.entityId as string);
    expect(survivor?.records.map((r) => r.value.lastName).sort()).toEqual(['Lind', 'Quill', 'Quill']);
    for (const r of survivor?.records ?? [])
      if (r.value.lastName === 'Quill') expect(prepared.has(r.prepared)).toBe(true);

    // A deleted record (erasure, retention) is gone even though it was read before.
    const [crm] = await db.db.select({ id: sources.id }).from(sources).where(eq(sources.name, 'crm'));
    await db.db.delete(sourceRecords).where(eq(sourceRecords.sourceId, crm?.id as string));
    const after = await retrieveCandidates(db.db, keysOf(bo));
    expect(after.entities.get(other?.entityId as string)?.records.map((r) => r.value.lastName)).toEqual([
      'Lind',
    ]);
  });
});
