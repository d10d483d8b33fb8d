import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readRows, type SourceRow } from './read-rows.js';

const rowsOf = async (text: string | Buffer, name = 'in.csv') => {
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

describe('readRows: bad rows and dialects', () => {
  it('rejects a row with malformed quotes by its row and line number and reads on', async () => {
    const rows = await rowsOf('a,b\n1,2\n"x"y,3\n4,"5 ""q"""\n');
    expect(rows).toEqual([
      { row: 1, values: { a: '1', b: '2' } },
      { row: 2, values: { __error: 'malformed quotes: characters after a closing quote (line 3)' } },
      { row: 3, values: { a: '4', b: '5 "q"' } },
    ]);
  });

  it('reports a quoted field left open at the end (a truncated file) and reads again the lines it swallowed', async () => {
    const rows = await rowsOf('a,b\n1,2\n3,"oops\n4,5\n6,7');
    expect(rows.map((r) => r.values)).toEqual([
      { a: '1', b: '2' },
      { __error: expect.stringMatching(/quoted field is not closed.*\(line 3\)/) },
      { a: '4', b: '5' },
      { a: '6', b: '7' },
    ]);
    const truncated = await rowsOf(`a,b\n${'x,y\n'.repeat(2499)}z,"cut off`);
    expect(truncated).toHaveLength(2500);
    expect(truncated[2499]?.values.__error).toMatch(/not closed/);
  });

  it("detects semicolons, tabs and Excel's sep= line, and decodes UTF-16 and Windows-1252", async () => {
    expect(detectDelimiter('Vorname;Nachname;E-Mail\nJo;"Doe, Jr";j@x.example\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(detectDelimiter('name,note\nJo,"a;b;c"\n')).toBe(',');
    expect(await rowsOf('sep=;\na;b\n1;2\n')).toEqual([{ row: 1, values: { a: '1', b: '2' } }]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tCity\nJürgen\tKöln\n', 'utf16le'),
    ]);
    expect(await rowsOf(utf16)).toEqual([{ row: 1, values: { Name: 'Jürgen', City: 'Köln' } }]);
    const utf16be = Buffer.from('\ufeffName,City\nJürgen,Köln\n', 'utf16le').swap16();
    expect(await rowsOf(utf16be)).toEqual([{ row: 1, values: { Name: 'Jürgen', City: 'Köln' } }]);
    // Valid UTF-8 for thousands of rows, then one Windows-1252 byte: the whole file is 1252.
    const cp1252 = Buffer.concat([
      Buffer.from(`n\n${'a\n'.repeat(5000)}`),
      Buffer.from([0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e, 0x0a]),
    ]);
    const rows = await rowsOf(cp1252);
    expect(rows.at(-1)?.values).toEqual({ n: 'Jürgen' });
  });

  it('reads a JSON document: an array, or an object holding one array of records', async () => {
    expect(await rowsOf('[{"a":1},{"a":2}]', 'x.json')).toHaveLength(2);
    const hubspot = await rowsOf(
      '{"results":[{"id":"1","properties":{"email":"a@b.example"}}],"paging":{"next":{"after":"2"}}}',
      'x.json',
    );
    expect(hubspot).toEqual([{ row: 1, values: { id: '1', properties: { email: 'a@b.example' } } }]);
    await expect(rowsOf('{"a":[1,2],"b":[3]}', 'x.json')).rejects.toThrow(/no list of records/);
  });
});
