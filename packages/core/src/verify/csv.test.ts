import { describe, expect, it } from 'vitest';
import { csvLine, emailsFromCsv, parseCsv } from './csv.js';

describe('CSV', () => {
  it('parses quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""\nthere"\r\n\r\nd,e,f')).toEqual([
      ['a', 'b, c', 'say "hi"\nthere'],
      ['d', 'e', 'f'],
    ]);
  });

  it('finds the addresses: email column, a column with addresses under a header, or one per line', () => {
    expect(emailsFromCsv('\uFEFFName,Email\n"Doe, Jane",jane@acme.test\nBob,\n')).toEqual(['jane@acme.test']);
    expect(emailsFromCsv('name,contact\nJane,jane@acme.test\nBob,bob@acme.test')).toEqual([
      'jane@acme.test',
      'bob@acme.test',
    ]);
    expect(emailsFromCsv('jane@acme.test\n bob@acme.test \n\n')).toEqual(['jane@acme.test', 'bob@acme.test']);
    expect(emailsFromCsv('email\n')).toEqual([]);
  });

  it('quotes fields that need it and defuses spreadsheet formulas', () => {
    expect(csvLine(['a,b', 'say "x"', null, true, 7, '=HYPERLINK("x")'])).toBe(
      '"a,b","say ""x""",,true,7,"\'=HYPERLINK(""x"")"\r\n',
    );
  });
});
