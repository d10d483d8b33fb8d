import { createWriteStream } from 'node:fs';
import { type Database, type Db, newId, sources } from '@dossier/db';
import { eq, sql } from 'drizzle-orm';
import { emitEvent } from '../webhooks/emit.js';
import { applyMapping, flattenRecord, isNested, mapHeaders, unknownMapTargets } from './header-map.js';
import { junkRow } from './junk-rows.js';
import type { CheckedRecord, FinishProgress, ImportKind } from './kind.js';
import {
  checkInputFile,
  formatOf,
  ImportInputError,
  type InputEncoding,
  type InputFormat,
  type ReadInfo,
  readRows,
  type SourceRow,
} from './read-rows.js';
import { ensureSource, hashOf, storeChecked } from './store-checked.js';
import { createTableUpkeep } from './table-upkeep.js';

export interface ImportProgress {
  rows: number;
  bytes: number;
  totalBytes: number;
  elapsedMs: number;
}

export interface ImportSummary {
  rows: number;
  loaded: number;
  merged: number;
  /** Rows this source had already delivered: nothing changed for them. */
  unchanged: number;
  rejected: number;
  rejectsPath: string | null;
  unmappedColumns: string[];
  /** Column -> field, for every column used. */
  mappedColumns: Record<string, string>;
  /** Values dropped from rows that loaded, by reason (a damaged name, a salutation given as title). */
  dropped: Record<string, number>;
  /** What the file was read as. */
  encoding?: string;
  delimiter?: string;
  /** Problems with the file as a whole (empty, header only, no column recognised). */
  warnings: string[];
  elapsedMs: number;
}

export interface ImportOptions<T> {
  database: Database;
  path: string;
  source: string;
  kind: ImportKind<T>;
  format?: InputFormat;
  /** Text encoding; detected when absent (BOM, UTF-8 validity, else Windows-1252). */
  encoding?: InputEncoding;
  /** CSV field separator; detected when absent (comma, semicolon, tab, pipe). */
  delimiter?: string;
  /** The source's trust (0..1) for survivorship: a more trusted source's values win. Kept for later imports. */
  trust?: number;
  /** Explicit column -> field mapping, on top of the known spellings. */
  map?: Record<string, string>;
  /** Where rejected rows go (CSV: row, reason, data); default `<file>.rejects.csv`. */
  rejectsPath?: string;
  batchSize?: number;
  /** An organization whose webhook subscribers hear `import.completed` when the file is in. */
  orgId?: string;
  onProgress?: (progress: ImportProgress) => void;
}

const sameHeaders = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Streams a file into the store. Every row ends loaded, merged, unchanged (seen before from this
 * source) or rejected with its row number and reason. Each batch is one transaction that records
 * its source rows together with what they produced, so a killed import loses nothing: run it again
 * and the rows already committed are recognised by their hash and skipped.
 */
export async function runImport<T>(options: ImportOptions<T>): Promise<ImportSummary> {
  const { database, kind } = options;
  const started = performance.now();
  const totalBytes = checkInputFile(options.path);
  const problems = unknownMapTargets(options.map ?? {}, kind.aliases);
  if (problems.length) throw new ImportInputError(problems.join('\n'));
  if (options.trust !== undefined && !(options.trust >= 0 && options.trust <= 1))
    throw new ImportInputError(`trust must be between 0 and 1, not ${options.trust}`);
  const read: ReadInfo = { bytes: 0 };
  const source = await ensureSource(database.db, options.source);
  if (options.trust !== undefined && options.trust !== source.trust) {
    await database.db.update(sources).set({ trust: options.trust }).where(eq(sources.id, source.id));
    source.trust = options.trust;
  }
  const rejectsPath = options.rejectsPath ?? `${options.path}.rejects.csv`;
  let rejects: ReturnType<typeof createWriteStream> | null = null;
  const reject = (row: number, reason: string, data: unknown) => {
    if (!rejects) {
      rejects = createWriteStream(rejectsPath);
      rejects.write('row,reason,data\n');
    }
    rejects.write(`${row},${csvCell(reason)},${csvCell(JSON.stringify(data))}\n`);
  };
  const summary: ImportSummary = {
    rows: 0,
    loaded: 0,
    merged: 0,
    unchanged: 0,
    rejected: 0,
    rejectsPath: null,
    unmappedColumns: [],
    mappedColumns: {},
    dropped: {},
    warnings: [],
    elapsedMs: 0,
  };
  const mappings = new Map<string, ReturnType<typeof mapHeaders>>();
  const last: { headers: string[]; mapped?: ReturnType<typeof mapHeaders> } = { headers: [] };
  const importId = newId('imp');
  const batchSize = options.batchSize ?? kind.bulk?.batchSize ?? 1000;
  let sinceFinish = 0;
  let batch: SourceRow[] = [];
  const upkeep = createTableUpkeep(database, kind.grows ?? []);

  // Checking is pure CPU and storing mostly waits on the database: the next batch is read and checked
  // while the previous ones' transactions run, so both cores work. A bulk kind may store several batches
  // at once (`parallel`, PostgreSQL only); then they may commit out of order, which a resumed import
  // handles as it handles any batch committed before a kill.
  const storing = new Set<Promise<void>>();
  const parallel = database.driver === 'postgres' ? Math.max(kind.bulk?.parallel ?? 1, 1) : 1;
  /** A batch failed: the import stops with its error once the other batches in flight have ended. */
  const stopAfterStoring = async (error: unknown): Promise<never> => {
    await Promise.allSettled(storing);
    throw error;
  };
  // A bulk kind's periodic finish (merging what the batches deferred) runs on another connection of
  // the PostgreSQL pool beside the next batches; PGlite has one connection, so there it runs in line.
  // Batches do not wait for a running finish until the rows loaded since it began reach the backlog:
  // a finish slower than loading then takes larger bites instead of stalling the import at each one.
  let finishing: Promise<void> = Promise.resolve();
  let finishRunning = false;
  const progress = (final: boolean): FinishProgress => ({
    final,
    connections: parallel,
    rows: summary.rows,
    estimatedRows:
      final || read.bytes === 0 ? summary.rows : Math.round((summary.rows * totalBytes) / read.bytes),
  });
  const finishBeside = async (bulk: NonNullable<ImportKind<T>['bulk']>) => {
    if (database.driver !== 'postgres') {
      sinceFinish = 0;
      return bulk.finish(database.db, progress(false));
    }
    if (finishRunning && sinceFinish < (bulk.finishEvery ?? 0) * (bulk.finishBacklog ?? 4)) return;
    await finishing;
    sinceFinish = 0;
    finishRunning = true;
    finishing = bulk.finish(database.db, progress(false)).finally(() => {
      finishRunning = false;
    });
    finishing.catch(() => {});
  };
  const store = async (rows: number, checked: CheckedRecord<T>[]) => {
    await database.db.transaction(async (tx) => {
      // On a PostgreSQL server the commit need not wait for the WAL flush: only a crash of the server
      // may lose the last few committed batches, and that is safe because an import is idempotent and
      // resumable (run the file again: batches already in are recognised by their rows' hashes, the
      // lost ones are written). The embedded database runs inside this process: there a killed import
      // is a crashed server, and an unflushed commit is lost although its rows were reported stored,
      // so it keeps the default (one WAL flush a batch). Pushes keep the default everywhere.
      if (database.driver === 'postgres') await tx.execute(sql`set local synchronous_commit = off`);
      const outcomes = kind.bulk
        ? await kind.bulk.store(tx as unknown as Db, checked, { sourceId: source.id, trust: source.trust })
        : await storeChecked(tx as unknown as Db, kind, source, checked, importId);
      outcomes.forEach((outcome, i) => {
        if (outcome.outcome === 'rejected') {
          const record = checked[i] as CheckedRecord<T>;
          reject(record.row, outcome.reason ?? 'rejected', record.value);
        }
        summary[outcome.outcome]++;
      });
    });
    summary.rows += rows;
    sinceFinish += rows;
    await upkeep(rows);
    if (kind.bulk?.finishEvery && sinceFinish >= kind.bulk.finishEvery) await finishBeside(kind.bulk);
    options.onProgress?.({
      rows: summary.rows,
      bytes: read.bytes,
      totalBytes,
      elapsedMs: performance.now() - started,
    });
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const checked: CheckedRecord<T>[] = [];
    for (const { row, values: raw } of rows) {
      if ('__error' in raw) {
        summary.rejected++;
        reject(row, String(raw.__error), raw);
        continue;
      }
      const junk = junkRow(raw);
      if (junk) {
        summary.rejected++;
        reject(row, junk, raw);
        continue;
      }
      // Nested JSON (HubSpot `properties`, Apollo `organization`) by documented paths, never "[object Object]".
      const values = isNested(raw) ? flattenRecord(raw) : raw;
      const headers = Object.keys(values);
      // Rows of a CSV file all have its header: the last row's mapping serves without building a key.
      let mapped = sameHeaders(headers, last.headers) ? last.mapped : undefined;
      if (!mapped) {
        const signature = headers.join('\u0001');
        mapped = mappings.get(signature);
        if (!mapped) {
          mapped = mapHeaders(headers, kind.aliases, options.map);
          mappings.set(signature, mapped);
          for (const column of mapped.unknown)
            if (!summary.unmappedColumns.includes(column)) summary.unmappedColumns.push(column);
          Object.assign(summary.mappedColumns, mapped.mapping);
        }
        last.headers = headers;
        last.mapped = mapped;
      }
      const result = kind.check(applyMapping(values, mapped.mapping, kind.multiValue));
      if (!result.ok) {
        summary.rejected++;
        reject(row, result.reason, values);
        continue;
      }
      for (const note of result.notes ?? []) summary.dropped[note] = (summary.dropped[note] ?? 0) + 1;
      checked.push({ row, hash: hashOf(kind.name, result.value), value: result.value });
    }
    while (storing.size >= parallel) await Promise.race(storing).catch(stopAfterStoring);
    const stored = store(rows.length, checked);
    storing.add(stored);
    stored.then(
      () => storing.delete(stored),
      () => {}, // kept in the set: the next race or the end awaits it and throws
    );
  };

  const readOptions = {
    format: options.format ?? formatOf(options.path),
    encoding: options.encoding,
    delimiter: options.delimiter,
  };
  let sourceRows = 0;
  for await (const row of readRows(options.path, readOptions, read)) {
    sourceRows++;
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await Promise.all(storing).catch(stopAfterStoring);
  await finishing;
  // Bulk kinds: also completes what an earlier, killed import of any file left behind.
  if (kind.bulk) await kind.bulk.finish(database.db, progress(true));
  if (rejects) {
    const stream = rejects as ReturnType<typeof createWriteStream>;
    await new Promise<void>((resolve) => stream.end(() => resolve()));
    summary.rejectsPath = rejectsPath;
  }
  summary.encoding = read.encoding;
  summary.delimiter = read.delimiter;
  if (totalBytes === 0 || (sourceRows === 0 && !read.headers?.length))
    summary.warnings.push('the file is empty');
  else if (sourceRows === 0) summary.warnings.push('the file has a header but no data rows');
  else if (Object.keys(summary.mappedColumns).length === 0)
    summary.warnings.push(
      `no column was recognised for ${kind.name}: see dossier import --fields, or map columns with --map`,
    );
  if (options.orgId) {
    const orgId = options.orgId;
    // A killed import sends nothing; run again, it completes and sends the event then.
    await database.db.transaction((tx) =>
      emitEvent(tx, {
        orgId,
        type: 'import.completed',
        data: {
          import_id: importId,
          kind: kind.name,
          source: options.source,
          rows: summary.rows,
          loaded: summary.loaded,
          merged: summary.merged,
          unchanged: summary.unchanged,
          rejected: summary.rejected,
        },
      }),
    );
  }
  summary.elapsedMs = Math.round(performance.now() - started);
  return summary;
}
