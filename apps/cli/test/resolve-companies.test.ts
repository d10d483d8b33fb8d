import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolve } from '@dossier/core';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../../packages/core/testing/resolver-lab/evaluate.js';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-resolve-companies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const set = new URL('../../../testdata/er-public/dedupe-orgs-a/', import.meta.url);

describe('dossier resolve --kind companies', () => {
  it('reads the public set by its column names, with no --map, and finds its sites', async () => {
    const output = join(dir, 'orgs.csv');
    const { code, stdout, stderr } = await runCli(
      [
        'resolve',
        '--input',
        new URL('records.csv', set).pathname,
        '--output',
        output,
        '--kind',
        'companies',
        '--json',
      ],
      {},
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ records: 1719 });
    expect(summary.comparisons_per_record).toBeLessThan(30);
    const rows = (text: string) =>
      resolve
        .parseCsv(text)
        .map((r) => ({ recordId: r.record_id as string, entityId: r.entity_id as string }));
    const q = evaluate(
      rows(readFileSync(output, 'utf8')),
      rows(readFileSync(new URL('truth.csv', set), 'utf8')),
    );
    // Measured P 0.993, R 0.964.
    expect(q.precision).toBeGreaterThanOrEqual(0.97);
    expect(q.f1).toBeGreaterThanOrEqual(0.95);
  });
});
