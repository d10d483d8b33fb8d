import { hash } from 'node:crypto';
import { type Db, newId, sourceRecords, sources } from '@dossier/db';
import { and, eq } from 'drizzle-orm';
import { SUPPRESSED_REASON, suppressedAmong } from '../privacy/suppression.js';
import { anyText } from '../shared/any-text.js';
import { bulkInsert } from '../shared/bulk-insert.js';
import type { CheckedRecord, ImportKind, StoredOutcome } from './kind.js';

export type BatchOutcome = StoredOutcome | { outcome: 'unchanged'; entityId?: string; reason?: string };

/**
 * A row's content hash: what makes an import idempotent, so it must never change for the same row.
 * `hash` (Node 20.12, see package.json engines) hashes in one call, about twice as fast as a Hash object.
 */
export const hashOf = (kind: string, value: unknown): string =>
  hash('sha256', `${kind}\0${JSON.stringify(value)}`, 'hex');

export async function ensureSource(db: Db, name: string) {
  await db
    .insert(sources)
    .values({ id: newId('src'), name })
    .onConflictDoNothing();
  const [source] = await db.select().from(sources).where(eq(sources.name, name));
  if (!source) throw new Error(`source ${name} could not be created`);
  return source;
}

/**
 * Stores checked records of one source inside the caller's transaction, together with their
 * `source_records` rows: a record this source already delivered (same hash) is `unchanged`, which is
 * what makes imports and pushes idempotent. One outcome per record, in order.
 */
export async function storeChecked<T>(
  db: Db,
  kind: ImportKind<T>,
  source: { id: string; trust: number },
  checked: CheckedRecord<T>[],
  importId: string | null,
): Promise<BatchOutcome[]> {
  if (checked.length && kind.serialize) await kind.serialize(db);
  const hashes = [...new Set(checked.map((r) => r.hash))];
  const known = new Map(
    hashes.length
      ? (
          await db
            .select({ hash: sourceRecords.hash, entityId: sourceRecords.entityId })
            .from(sourceRecords)
            .where(and(eq(sourceRecords.sourceId, source.id), anyText(sourceRecords.hash, hashes)))
        ).map((r) => [r.hash, r.entityId ?? undefined])
      : [],
  );
  const out: BatchOutcome[] = new Array(checked.length);
  const fresh: CheckedRecord<T>[] = [];
  const freshAt: number[] = [];
  const firstAt = new Map<string, number>();
  checked.forEach((record, i) => {
    if (known.has(record.hash)) out[i] = { outcome: 'unchanged', entityId: known.get(record.hash) };
    else if (firstAt.has(record.hash))
      out[i] = { outcome: 'unchanged' }; // a repeat inside the batch counts once
    else {
      firstAt.set(record.hash, i);
      fresh.push(record);
      freshAt.push(i);
    }
  });
  await rejectSuppressed(db, kind, fresh, freshAt, out);
  if (fresh.length === 0) return out;
  const outcomes = await kind.store(db, fresh, { sourceId: source.id, trust: source.trust });
  const rows: (typeof sourceRecords.$inferInsert)[] = [];
  fresh.forEach((record, k) => {
    const outcome = outcomes[k] ?? { outcome: 'rejected' as const, reason: 'not stored' };
    out[freshAt[k] as number] = outcome;
    if (outcome.outcome === 'rejected') return;
    rows.push({
      id: newId('rec'),
      sourceId: source.id,
      kind: kind.name,
      hash: record.hash,
      payload: record.value as Record<string, unknown>,
      entityId: outcome.entityId ?? null,
      importId,
      rowNumber: record.row,
    });
  });
  await bulkInsert(db, sourceRecords, rows);
  // Repeats inside the batch resolve to the entity of their first occurrence.
  checked.forEach((record, i) => {
    const first = firstAt.get(record.hash);
    const o = out[i];
    if (o?.outcome === 'unchanged' && !o.entityId && first !== undefined && first !== i)
      o.entityId = out[first]?.entityId;
  });
  return out;
}

/**
 * Rejects (in place) the fresh records that name a suppressed identifier: one indexed lookup for the
 * batch. The reason names no personal data; nothing of the record is stored.
 */
async function rejectSuppressed<T>(
  db: Db,
  kind: ImportKind<T>,
  fresh: CheckedRecord<T>[],
  freshAt: number[],
  out: BatchOutcome[],
): Promise<void> {
  const identifiersOf = kind.identifiersOf;
  if (!identifiersOf || fresh.length === 0) return;
  const perRecord = fresh.map((record) => identifiersOf(record.value));
  const suppressed = await suppressedAmong(db, perRecord.flat());
  if (suppressed.size === 0) return;
  for (let k = fresh.length - 1; k >= 0; k--) {
    if (!(perRecord[k] as string[]).some((id) => suppressed.has(id as never))) continue;
    out[freshAt[k] as number] = { outcome: 'rejected', reason: SUPPRESSED_REASON };
    fresh.splice(k, 1);
    freshAt.splice(k, 1);
  }
}
