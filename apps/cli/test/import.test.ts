import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { progressReporter } from '../src/commands/progress.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-import-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => join(__dirname, '../../../testdata/imports', name);

describe('dossier import, before anything is stored', () => {
  it('--help prints the usage; --fields lists every field with its aliases', async () => {
    const help = await runCli(['import', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--preview');
    const fields = await runCli(['import', '--fields', '--kind', 'people'], {});
    expect(fields.code).toBe(0);
    expect(fields.stdout).toMatch(/^\s+email\s+.*secondary email/m);
    expect(fields.stdout).toMatch(/^\s+company_domain\s+.*company domain name/m);
  });

  it('refuses an unknown --map field with the nearest one, a directory and a workbook with one line and exit 2', async () => {
    const map = await runCli(
      [
        'import',
        fixture('mailchimp.csv'),
        '--source',
        's',
        '--kind',
        'people',
        '--map',
        'Email Address=emial',
      ],
      {},
    );
    expect(map.code).toBe(2);
    expect(map.stderr).toContain('did you mean email');
    const folder = await runCli(['import', dir, '--source', 's', '--kind', 'people', '--preview'], {});
    expect(folder.code).toBe(2);
    expect(folder.stderr.trim().split('\n')).toHaveLength(1);
    expect(folder.stderr).toContain('is a directory');
    const xlsx = join(dir, 'contacts.xlsx');
    writeFileSync(xlsx, Buffer.from('PK\u0003\u0004 not really a workbook'));
    const book = await runCli(['import', xlsx, '--source', 's', '--kind', 'people', '--preview'], {});
    expect(book.code).toBe(2);
    expect(book.stderr).toMatch(/spreadsheet workbook.*save it as CSV/);
    const json = join(dir, 'broken.json');
    writeFileSync(json, '{"results": [');
    const bad = await runCli(['import', json, '--kind', 'people', '--preview'], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--preview shows each column with its field or "ignored", and the first rows as checked', async () => {
    const { code, stdout } = await runCli(
      ['import', fixture('pipedrive-de.csv'), '--kind', 'people', '--preview'],
      {},
    );
    expect(code).toBe(0);
    expect(stdout).toContain('read as windows-1252, semicolon-separated');
    expect(stdout).toMatch(/Person - Email - Work\s+-> email/);
    expect(stdout).toMatch(/Person - Owner\s+ignored/);
    expect(stdout).toContain('Jürgen Müller');
    expect(stdout).toContain('nothing was stored');
  });
});

describe('progress', () => {
  it('estimates the time left from the recent rate, so a slowdown shows at once', () => {
    let out = '';
    const stream = { isTTY: false, write: (s: string) => (out += s) } as unknown as NodeJS.WriteStream;
    const progress = progressReporter(stream, 0);
    // 1,000 bytes a second for 60 s, then 100 a second for 60 s; 100,000 bytes in all.
    for (let s = 1; s <= 120; s++) {
      const bytes = s <= 60 ? s * 1000 : 60_000 + (s - 60) * 100;
      progress.update({ rows: bytes / 10, bytes, totalBytes: 100_000, elapsedMs: s * 1000 });
    }
    const last = out.trim().split('\n').pop() as string;
    // 34,000 bytes left at 100 a second: about 5:40, not the 1:21 the whole run's average would say.
    expect(last).toMatch(/10 rows\/s, 5:40 left/);
  });
});
