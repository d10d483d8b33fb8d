/** One CSV record: its fields (trimmed), the line it starts on, and why it is malformed if it is. */
export interface CsvRecord {
  fields: string[];
  line: number;
  error?: string;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/**
 * A streaming RFC 4180 reader that survives bad rows: a record with malformed quotes comes back
 * with `error` and reading resumes at the next line, and a quoted field still open at the end of
 * the file (a truncated export, or a stray quote) is reported and the lines it swallowed are read
 * again as records. A quote inside an unquoted field is kept as text; empty lines are skipped;
 * fields are trimmed. Feed text with `push`, then call `end`.
 */
export class CsvReader {
  private fields: string[] = [];
  /** Text of the current field gathered from earlier chunks or quoted segments. */
  private field = '';
  private inQuotes = false;
  private closedQuote = false;
  /** A quote was the last character of a chunk inside quotes: an escape or a close, told by the next. */
  private quoteAtEnd = false;
  private bad: string | null = null;
  private line: number;
  private recordLine: number;
  /** Raw text of the current record (for re-reading what an unclosed quote swallowed). */
  private raw: string[] = [];

  constructor(
    private readonly delimiter: string,
    firstLine = 1,
  ) {
    this.line = firstLine;
    this.recordLine = firstLine;
  }

  push(chunk: string, out: CsvRecord[]): void {
    const delim = this.delimiter.charCodeAt(0);
    const n = chunk.length;
    let i = 0;
    let seg = 0;
    let recordStart = 0;
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      if (chunk.charCodeAt(0) === QUOTE) {
        this.field += '"';
        i = 1;
        seg = 1;
      } else {
        this.inQuotes = false;
        this.closedQuote = true;
      }
    }
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inQuotes) {
        if (c === QUOTE) {
          if (i + 1 === n) {
            this.field += chunk.slice(seg, i);
            this.quoteAtEnd = true;
            seg = n;
            break;
          }
          if (chunk.charCodeAt(i + 1) === QUOTE) {
            this.field += chunk.slice(seg, i + 1);
            i++;
            seg = i + 1;
          } else {
            this.field += chunk.slice(seg, i);
            this.inQuotes = false;
            this.closedQuote = true;
            seg = i + 1;
          }
        } else if (c === LF) this.line++;
        continue;
      }
      if (c === delim) {
        this.endField(chunk, seg, i);
        seg = i + 1;
        continue;
      }
      if (c === LF) {
        this.endField(chunk, seg, i);
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
        seg = i + 1;
        recordStart = i + 1;
        continue;
      }
      if (c === QUOTE && !this.closedQuote && (this.field + chunk.slice(seg, i)).trim() === '') {
        this.inQuotes = true;
        this.field = '';
        seg = i + 1;
        continue;
      }
      if (this.closedQuote && c !== SPACE && c !== TAB && c !== CR && this.bad === null)
        this.bad = 'malformed quotes: characters after a closing quote';
    }
    if (seg < n && !this.closedQuote) this.field += chunk.slice(seg, n);
    if (recordStart < n) this.raw.push(chunk.slice(recordStart));
  }

  end(out: CsvRecord[]): void {
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      this.inQuotes = false;
      this.closedQuote = true;
    }
    if (this.inQuotes) {
      out.push({
        fields: [],
        line: this.recordLine,
        error: 'a quoted field is not closed before the end of the file (truncated file or stray quote)',
      });
      // Read again what the open quote swallowed, from the line after the record's first.
      const text = this.raw.join('');
      const next = text.indexOf('\n');
      if (next >= 0 && next + 1 < text.length) {
        const again = new CsvReader(this.delimiter, this.recordLine + 1);
        again.push(text.slice(next + 1), out);
        again.end(out);
      }
      return;
    }
    if (this.fields.length > 0 || this.field.trim() || this.closedQuote) {
      this.endField('', 0, 0);
      this.endRecord(out);
    }
  }

  private endField(chunk: string, from: number, to: number) {
    const text = this.closedQuote ? this.field : this.field + chunk.slice(from, to);
    this.fields.push(this.closedQuote ? text : text.trim());
    this.field = '';
    this.closedQuote = false;
  }

  private endRecord(out: CsvRecord[]) {
    const empty = this.fields.length === 1 && this.fields[0] === '' && this.bad === null;
    if (!empty) {
      const record: CsvRecord = { fields: this.fields, line: this.recordLine };
      if (this.bad !== null) record.error = this.bad;
      out.push(record);
    }
    this.fields = [];
    this.bad = null;
    this.raw = [];
  }
}
