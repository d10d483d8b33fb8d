import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRows, type SourceRow } from './read-rows.js';

const rowsOf = async (text: string, name = 'in.csv') => {
  const path = join(mkdtempSync(join(tmpdir(), 'read-rows-')), name);
  writeFileSync(path, text);
  const out: SourceRow[] = [];
  for await (const row of readRows(path)) out.push(row);
  return out;
};

describe('readRows (CSV)', () => {
  it('trims headers and values, skips a BOM and empty lines, and keeps quoted commas and newlines', async () => {
    const rows = await rowsOf(
      '\ufeff Company , Topic ,note\r\n acme.example , crm ,"a, b"\r\n\r\nb.example,"multi\nline", "q" \r\n',
    );
    expect(rows).toEqual([
      { row: 1, values: { Company: 'acme.example', Topic: 'crm', note: 'a, b' } },
      { row: 2, values: { Company: 'b.example', Topic: 'multi\nline', note: 'q' } },
    ]);
  });

  it('drops fields past the header, leaves missing ones out, and keeps the last of a repeated name', async () => {
    const rows = await rowsOf('a,b,a\n1,2,3,4\n5\n');
    expect(rows).toEqual([
      { row: 1, values: { a: '3', b: '2' } },
      { row: 2, values: { a: '5' } },
    ]);
  });

  it('gives nothing for a header alone', async () => {
    expect(await rowsOf('a,b\n')).toEqual([]);
  });
});
