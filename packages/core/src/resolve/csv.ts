/** Parses RFC 4180 CSV text (quoted fields, doubled quotes, CRLF) into rows of strings. */
export const parseCsvRows = (text: string): string[][] => [...csvRows(text)];

/** Yields CSV rows one at a time, so a caller can convert them without holding every row. */
export function* csvRows(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

/** Parses CSV with a header line into objects keyed by column name. */
export const parseCsv = (text: string): Record<string, string>[] => {
  const out: Record<string, string>[] = [];
  let header: string[] | null = null;
  for (const r of csvRows(text)) {
    if (!header) {
      header = r.map((h) => h.trim());
      continue;
    }
    if (r.length === 1 && (r[0] ?? '') === '') continue;
    const obj: Record<string, string> = {};
    header.forEach((h, i) => {
      obj[h] = r[i] ?? '';
    });
    out.push(obj);
  }
  return out;
};
