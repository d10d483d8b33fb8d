/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
};

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email_address', 'email address', 'mail', 'address']);

/**
 * The addresses in an uploaded CSV: the column headed `email` (or `e-mail`, `email_address`); else,
 * under a header without any address, the first column holding one; else the first column of every
 * row (so one address per line works too).
 */
export const emailsFromCsv = (text: string): string[] => {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const first = rows[0] ?? [];
  const header = first.map((cell) => cell.trim().toLowerCase());
  let column = header.findIndex((cell) => EMAIL_HEADERS.has(cell));
  const hasHeader = column >= 0 || !first.some((cell) => cell.includes('@'));
  const body = hasHeader ? rows.slice(1) : rows;
  if (column < 0 && hasHeader) column = body[0]?.findIndex((cell) => cell.includes('@')) ?? -1;
  const index = Math.max(column, 0);
  return body.map((row) => (row[index] ?? '').trim()).filter((cell) => cell !== '');
};

/** One CSV field; cells a spreadsheet would run as a formula get a leading apostrophe. */
export const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (values: unknown[]): string => `${values.map(csvField).join(',')}\r\n`;
