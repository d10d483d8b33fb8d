import type { Db } from '@dossier/db';
import type { Identifier } from '../privacy/identifiers.js';
import type { FieldAliases } from './header-map.js';

/** A row that passed its kind's checks, ready to store. */
export interface CheckedRecord<T> {
  row: number;
  /** Identifies the record's content within its source: the same row imported twice is one record. */
  hash: string;
  value: T;
}

/** A checked row: its value and notes on what was dropped from it (a damaged name, a salutation as title). */
export type Check<T> = { ok: true; value: T; notes?: string[] } | { ok: false; reason: string };

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
  /** The check reads several columns of one field (`valuesOf`); otherwise it gets the first non-empty. */
  multiValue?: boolean;
  /**
   * Optional: the person identifiers a record carries. A record naming a suppressed one is rejected
   * (`storeChecked`), so an erased person never comes back with the next import or push.
   */
  identifiersOf?(value: T): Identifier[];
  /** Normalizes one mapped row, or says why it cannot be used. */
  check(fields: Record<string, string>): Check<T>;
  /**
   * Optional: called first in each batch's transaction, before the idempotency check. A kind whose
   * store reads then writes shared state (people resolution) takes a lock here, so concurrent imports
   * run that step one batch at a time and each sees what the other committed.
   */
  serialize?(db: Db): Promise<void>;
  /**
   * Optional: the tables the kind's batches grow and its later batches read, the one that grows by
   * about a row a record first. Where no autovacuum runs, the import keeps their statistics
   * (`createTableUpkeep`).
   */
  grows?: readonly string[];
  /** Stores a batch inside the import's transaction; one outcome per record, in order. */
  store(
    db: Db,
    records: CheckedRecord<T>[],
    context: { sourceId: string; trust: number },
  ): Promise<StoredOutcome[]>;
  /** Optional, for high-volume kinds: `runImport` stores through it instead of `store`. */
  bulk?: BulkStore<T>;
}

/** Where an import stands when its bulk kind is asked to finish. */
export interface FinishProgress {
  /** The import's last finish: every batch is in. */
  final: boolean;
  /** Rows read so far, and the whole file's rows as estimated from the bytes read so far. */
  rows: number;
  estimatedRows: number;
  /** Connections of the database the finish may use at once (the kind's `parallel`; 1 on PGlite). */
  connections: number;
}

/**
 * A kind that keeps its own idempotency (no `source_records` row per record) and may defer work to
 * `finish`. A batch is still one transaction: a killed import resumes by importing the file again.
 */
export interface BulkStore<T> {
  /** Rows per transaction, unless the import sets its own batch size. */
  batchSize: number;
  /** Stores a batch; a record stored before (same key) is `unchanged`. One outcome per record, in order. */
  store(
    db: Db,
    records: CheckedRecord<T>[],
    context: { sourceId: string; trust: number },
  ): Promise<(StoredOutcome | { outcome: 'unchanged'; entityId?: string })[]>;
  /**
   * Completes what batches deferred (also what a killed import left): after the last batch (`final`),
   * and every `finishEvery` rows, where it may choose to wait for the final one instead.
   */
  finish(db: Db, progress: FinishProgress): Promise<void>;
  /**
   * Also finish once this many rows have loaded since the last finish began, so a long import shows its
   * results as it goes. On PostgreSQL a finish runs beside the next batches; while one runs, rows keep
   * loading up to `finishBacklog` times this many (default 4), and only then does the import wait for it.
   */
  finishEvery?: number;
  /** How many times `finishEvery` rows may wait for a running finish (default 4). */
  finishBacklog?: number;
  /**
   * Batches stored at once on PostgreSQL, each on its own connection (default 1; PGlite has one). `store`
   * must then be safe beside itself: two batches claiming the same key must not deadlock.
   */
  parallel?: number;
}
