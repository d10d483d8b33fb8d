import { applyMapping, flattenRecord, isNested, mapHeaders, unknownMapTargets } from './header-map.js';
import { junkRow } from './junk-rows.js';
import type { ImportKind } from './kind.js';
import {
  checkInputFile,
  formatOf,
  ImportInputError,
  type InputEncoding,
  type InputFormat,
  type ReadInfo,
  readRows,
} from './read-rows.js';

export interface PreviewOptions<T> {
  path: string;
  kind: ImportKind<T>;
  format?: InputFormat;
  encoding?: InputEncoding;
  delimiter?: string;
  map?: Record<string, string>;
  /** Rows to check (default 5). */
  rows?: number;
}

export interface ImportPreview<T> {
  encoding?: string;
  delimiter?: string;
  /** Every column in file order, with the field it fills (null: ignored) and a first value. */
  columns: { column: string; field: string | null; example?: string }[];
  ignored: string[];
  /** The first rows as the import would check them: what would be stored, or why not. */
  rows: { row: number; value?: T; notes?: string[]; rejected?: string }[];
}

/**
 * What an import would do with a file, without storing anything: how it was read, how each column
 * maps, and the first rows as checked. Columns are those of the first rows (JSON: their union).
 */
export async function previewImport<T>(options: PreviewOptions<T>): Promise<ImportPreview<T>> {
  checkInputFile(options.path);
  const problems = unknownMapTargets(options.map ?? {}, options.kind.aliases);
  if (problems.length) throw new ImportInputError(problems.join('\n'));
  const read: ReadInfo = { bytes: 0 };
  const limit = options.rows ?? 5;
  const out: ImportPreview<T> = { columns: [], ignored: [], rows: [] };
  const columns = new Map<string, { field: string | null; example?: string }>();
  for await (const { row, values: raw } of readRows(
    options.path,
    {
      format: options.format ?? formatOf(options.path),
      encoding: options.encoding,
      delimiter: options.delimiter,
    },
    read,
  )) {
    if (out.rows.length >= limit) break;
    if ('__error' in raw) {
      out.rows.push({ row, rejected: String(raw.__error) });
      continue;
    }
    const junk = junkRow(raw);
    if (junk) {
      out.rows.push({ row, rejected: junk });
      continue;
    }
    const values = isNested(raw) ? flattenRecord(raw) : raw;
    const { mapping } = mapHeaders(Object.keys(values), options.kind.aliases, options.map);
    for (const [column, v] of Object.entries(values)) {
      const known = columns.get(column) ?? { field: mapping[column] ?? null };
      const text = v == null ? '' : String(v).trim();
      if (text && known.example === undefined) known.example = text.slice(0, 60);
      columns.set(column, known);
    }
    const result = options.kind.check(applyMapping(values, mapping, options.kind.multiValue));
    out.rows.push(
      result.ok
        ? { row, value: result.value, ...(result.notes?.length ? { notes: result.notes } : {}) }
        : { row, rejected: result.reason },
    );
  }
  // Headers of a CSV whose rows are all blank still show.
  for (const header of read.headers ?? [])
    if (!columns.has(header))
      columns.set(header, {
        field: mapHeaders([header], options.kind.aliases, options.map).mapping[header] ?? null,
      });
  out.encoding = read.encoding;
  out.delimiter = read.delimiter;
  out.columns = [...columns].map(([column, c]) => ({ column, ...c }));
  out.ignored = out.columns.filter((c) => !c.field).map((c) => c.column);
  return out;
}

/** Every field of a kind with the header spellings that fill it, for `dossier import --fields`. */
export const fieldsOf = (kind: ImportKind<unknown>) =>
  Object.entries(kind.aliases).map(([field, aliases]) => ({ field, aliases: [...aliases] }));
