import { type Database, type Db, newId } from '@dossier/db';
import { invalid } from '../errors.js';
import { emitEvent } from '../webhooks/emit.js';
import { applyMapping, flattenRecord, isNested, mapHeaders } from './header-map.js';
import type { CheckedRecord } from './kind.js';
import { importKinds } from './kinds.js';
import { ensureSource, hashOf, storeChecked } from './store-checked.js';

export interface RecordOutcome {
  /** Position of the record in the request, from 0. */
  index: number;
  outcome: 'loaded' | 'merged' | 'unchanged' | 'rejected';
  entityId?: string;
  reasons?: string[];
}

/**
 * Checks and stores records pushed by a caller (not read from a file) exactly as an import does:
 * same kinds, same header mapping, same resolution, one transaction, idempotent per source.
 */
export async function ingestRecords(
  database: Database,
  kindName: string,
  sourceName: string,
  rows: Record<string, unknown>[],
  /** The caller's organization: its webhook subscribers get `import.completed` in the same transaction. */
  orgId?: string,
): Promise<RecordOutcome[]> {
  const kind = importKinds[kindName];
  if (!kind)
    throw invalid([{ path: 'kind', message: `unknown kind; one of ${Object.keys(importKinds).join(', ')}` }]);
  const source = await ensureSource(database.db, sourceName);
  const out: RecordOutcome[] = [];
  const checked: CheckedRecord<unknown>[] = [];
  const at: number[] = [];
  rows.forEach((values, index) => {
    // Nested JSON by the same documented paths as a file's.
    const flat = isNested(values) ? flattenRecord(values) : values;
    const { mapping } = mapHeaders(Object.keys(flat), kind.aliases);
    const result = kind.check(applyMapping(flat, mapping, kind.multiValue));
    if (!result.ok) {
      out[index] = { index, outcome: 'rejected', reasons: [result.reason] };
      return;
    }
    checked.push({ row: index + 1, hash: hashOf(kind.name, result.value), value: result.value });
    at.push(index);
  });
  if (checked.length) {
    const outcomes = await database.db.transaction(async (tx) => {
      const stored = await storeChecked(tx as unknown as Db, kind, source, checked, null);
      if (orgId) {
        const count = (o: string) => stored.filter((s) => s.outcome === o).length;
        await emitEvent(tx, {
          orgId,
          type: 'import.completed',
          data: {
            import_id: newId('imp'),
            kind: kindName,
            source: sourceName,
            rows: rows.length,
            loaded: count('loaded'),
            merged: count('merged'),
            unchanged: count('unchanged'),
            rejected: count('rejected') + (rows.length - checked.length),
          },
        });
      }
      return stored;
    });
    outcomes.forEach((o, k) => {
      const index = at[k] as number;
      out[index] = {
        index,
        outcome: o.outcome,
        ...(o.entityId ? { entityId: o.entityId } : {}),
        ...(o.outcome === 'rejected' ? { reasons: [o.reason ?? 'rejected'] } : {}),
      };
    });
  }
  return out;
}
