import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CsvReader, type CsvRecord } from './csv-reader.js';

/** One input row with its 1-based row number (data rows; the CSV header is row 0). */
export interface SourceRow {
  row: number;
  values: Record<string, unknown>;
}

export type InputFormat = 'csv' | 'jsonl' | 'json';

export const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type InputEncoding = (typeof ENCODINGS)[number];

export const DELIMITERS: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', pipe: '|' };

/** A file that cannot be imported at all: one clear line for the user, never a stack. */
export class ImportInputError extends Error {}

/** How a file was read: what the import detected or was told. */
export interface ReadInfo {
  bytes: number;
  encoding?: InputEncoding;
  delimiter?: string;
  /** Lines of the file that were not data (`sep=;`, the header). */
  headers?: string[];
}

export interface ReadOptions {
  format?: InputFormat;
  encoding?: InputEncoding;
  /** One character, or comma, semicolon, tab, pipe. */
  delimiter?: string;
}

export const formatOf = (path: string): InputFormat => {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ext === '.json') return 'json';
  return 'csv';
};

const WORKBOOK = new Set(['.xlsx', '.xlsm', '.xls', '.ods', '.numbers']);

/**
 * Refuses what is not a readable text file, before anything is stored: a directory, a missing
 * file, a spreadsheet workbook (a ZIP or OLE container). Returns the file's size.
 */
export function checkInputFile(path: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    throw new ImportInputError(`${path}: no such file`);
  }
  if (stat.isDirectory())
    throw new ImportInputError(`${path} is a directory: give one CSV, JSONL or JSON file`);
  const head = Buffer.alloc(8);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  const zip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const ole = head.readUInt32BE(0) === 0xd0cf11e0;
  if (WORKBOOK.has(extname(path).toLowerCase()) || zip || ole)
    throw new ImportInputError(
      `${path} is a spreadsheet workbook, not a text file: save it as CSV (File > Save As > CSV UTF-8) and import that`,
    );
  return stat.size;
}

/**
 * The file's text encoding: a byte-order mark decides (UTF-8, UTF-16 LE/BE); else UTF-16 without
 * one shows as NUL bytes in every other place; else the whole file is checked as UTF-8, and a file
 * that is not valid UTF-8 is Windows-1252 (what Excel and Outlook write on Western Windows).
 */
export async function detectEncoding(path: string): Promise<InputEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) return 'utf-8';
      if (chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf-16le';
      if (chunk[0] === 0xfe && chunk[1] === 0xff) return 'utf-16be';
      const sample = chunk.subarray(0, 512);
      let evenZeros = 0;
      let oddZeros = 0;
      for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 ? oddZeros++ : evenZeros++;
      if (oddZeros > sample.length / 4) return 'utf-16le';
      if (evenZeros > sample.length / 4) return 'utf-16be';
    }
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      return 'windows-1252';
    }
  }
  try {
    decoder.decode();
  } catch {
    return 'windows-1252';
  }
  return 'utf-8';
}

/** The file as text, chunk by chunk, in its encoding (a BOM is dropped). */
async function* decoded(path: string, encoding: InputEncoding, read: ReadInfo): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    read.bytes += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

/** Counts of a character per line outside double quotes. */
const countOutsideQuotes = (line: string, ch: string) => {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
};

/**
 * The field separator of a CSV from its first lines: the candidate (comma, semicolon, tab, pipe)
 * that splits the header into the most columns, preferring one that splits the following lines the
 * same way. European Excel writes semicolons; some tools tabs.
 */
export function detectDelimiter(sample: string): string {
  const lines = sample
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20);
  const [header, ...rest] = lines;
  if (!header) return ',';
  let best = ',';
  let bestScore = -1;
  for (const ch of [',', ';', '\t', '|']) {
    const n = countOutsideQuotes(header, ch);
    if (n === 0) continue;
    const same = rest.filter((l) => countOutsideQuotes(l, ch) === n).length;
    const score = (rest.length ? same / rest.length : 1) * 1000 + n;
    if (score > bestScore) {
      best = ch;
      bestScore = score;
    }
  }
  return best;
}

/** Pulls the first ~64 KB of text for sniffing, then hands the whole stream on. */
async function peek(source: AsyncGenerator<string>) {
  const head: string[] = [];
  let size = 0;
  let next = await source.next();
  while (!next.done) {
    head.push(next.value);
    size += next.value.length;
    if (size >= 65_536) break;
    next = await source.next();
  }
  const sample = head.join('');
  async function* all() {
    if (sample) yield sample;
    if (next.done) return;
    for await (const text of source) yield text;
  }
  return { sample, all: all() };
}

/** Arrays inside a JSON document that hold the records (`results`, `people`, `contacts`, ...). */
const recordsOf = (doc: unknown): unknown[] | null => {
  if (Array.isArray(doc)) return doc;
  if (doc && typeof doc === 'object') {
    const arrays = Object.entries(doc as Record<string, unknown>).filter(
      ([, v]) =>
        Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object' && !Array.isArray(x)),
    );
    if (arrays.length === 1) return arrays[0]?.[1] as unknown[];
    if (arrays.length === 0 && Object.values(doc).every((v) => v === null || typeof v !== 'object'))
      return [doc];
  }
  return null;
};

/** Largest JSON document read whole; bigger files go as JSONL (one object a line). */
const MAX_JSON_DOCUMENT = 256 * 1024 * 1024;

/**
 * Streams rows from a CSV (with a header line), JSONL file or JSON document: memory stays flat
 * whatever the size (a JSON document is read whole, up to 256 MB). A line or record that cannot
 * be read comes back as `{ __error }` with its row number, so it is rejected instead of stopping
 * the import. `read.bytes` follows the file position.
 */
export async function* readRows(
  path: string,
  format: InputFormat | ReadOptions = formatOf(path),
  read: ReadInfo = { bytes: 0 },
): AsyncGenerator<SourceRow> {
  const options: ReadOptions = typeof format === 'string' ? { format } : format;
  const kind = options.format ?? formatOf(path);
  const encoding = options.encoding ?? (await detectEncoding(path));
  read.encoding = encoding;
  if (kind === 'json') {
    const size = statSync(path).size;
    if (size > MAX_JSON_DOCUMENT)
      throw new ImportInputError(
        `${path}: a JSON document over 256 MB; write it as JSONL (one object a line)`,
      );
    const text = new TextDecoder(encoding).decode(await readFile(path));
    read.bytes = size;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      // A .json file that is JSONL in fact.
      if (text.trim().startsWith('{') && text.includes('\n')) {
        yield* jsonLines(text.split(/\r?\n/));
        return;
      }
      throw new ImportInputError(
        `${path} is not valid JSON (${(error as Error).message}): give a JSON array of records or JSONL`,
      );
    }
    const records = recordsOf(doc);
    if (!records)
      throw new ImportInputError(
        `${path}: no list of records found; expected a JSON array of objects or an object with one array of them (such as "results")`,
      );
    let row = 0;
    for (const value of records) {
      row++;
      yield {
        row,
        values:
          value && typeof value === 'object' && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : { __error: 'not a JSON object' },
      };
    }
    return;
  }
  const { sample, all } = await peek(decoded(path, encoding, read));
  if (kind === 'jsonl') {
    let carry = '';
    let row = 0;
    for await (const text of all) {
      const lines = (carry + text).split(/\r?\n/);
      carry = lines.pop() ?? '';
      for (const item of jsonLines(lines, row)) yield item;
      row += lines.length;
    }
    if (carry) yield* jsonLines([carry], row);
    return;
  }
  // Excel's `sep=;` hint line names the separator and is not the header.
  const hint = /^sep=(.)\r?\n/.exec(sample);
  const delimiter = options.delimiter ?? hint?.[1] ?? detectDelimiter(sample);
  read.delimiter = delimiter;
  // Records become objects here, by the header: names trimmed, extra fields dropped, missing ones
  // absent, a repeated name keeps its last field.
  const reader = new CsvReader(delimiter, hint ? 2 : 1);
  let header: string[] | null = null;
  let row = 0;
  const records: CsvRecord[] = [];
  const rows = function* (): Generator<SourceRow> {
    for (const record of records) {
      if (!header) {
        header = record.fields.map((h) => h.trim());
        read.headers = header;
        continue;
      }
      row++;
      if (record.error) {
        yield { row, values: { __error: `${record.error} (line ${record.line})` } };
        continue;
      }
      const values: Record<string, string> = {};
      const fields = Math.min(header.length, record.fields.length);
      for (let i = 0; i < fields; i++) values[header[i] as string] = record.fields[i] as string;
      yield { row, values };
    }
    records.length = 0;
  };
  for await (const text of all) {
    reader.push(hint && !header && text.startsWith(hint[0]) ? text.slice(hint[0].length) : text, records);
    yield* rows();
  }
  reader.end(records);
  yield* rows();
}

function* jsonLines(lines: string[], before = 0): Generator<SourceRow> {
  let row = before;
  for (const line of lines) {
    row++;
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line);
      yield {
        row,
        values:
          value && typeof value === 'object' && !Array.isArray(value)
            ? value
            : { __error: 'not a JSON object' },
      };
    } catch {
      yield { row, values: { __error: 'not valid JSON' } };
    }
  }
}
