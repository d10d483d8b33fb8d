import type { Db } from '@dossier/db';
import type { FieldAliases } from './header-map.js';

/** A row that passed its kind's checks, ready to store. */
export interface CheckedRecord<T> {
  row: number;
  /** Identifies the record's content within its source: the same row imported twice is one record. */
  hash: string;
  value: T;
}

export type Check<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface StoredOutcome {
  /** `loaded`: a new entity; `merged`: joined an existing one. */
  outcome: 'loaded' | 'merged' | 'rejected';
  entityId?: string;
  reason?: string;
}

/** How one kind of record (people, companies, signals, ...) is checked and stored. */
export interface ImportKind<T> {
  name: string;
  aliases: FieldAliases;
  /** Normalizes one mapped row, or says why it cannot be used. */
  check(fields: Record<string, string>): Check<T>;
  /** Stores a batch inside the import's transaction; one outcome per record, in order. */
  store(
    db: Db,
    records: CheckedRecord<T>[],
    context: { sourceId: string; trust: number },
  ): Promise<StoredOutcome[]>;
}
