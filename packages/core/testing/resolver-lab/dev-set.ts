import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvRows, parseCsv } from '../../src/resolve/csv.js';
import { personFromRow } from '../../src/resolve/prepare.js';
import type { PersonRecord } from '../../src/resolve/types.js';

/** Reads people from CSV text with the usual snake_case columns, row by row. */
export const peopleFromCsv = (text: string): PersonRecord[] => {
  const out: PersonRecord[] = [];
  let header: string[] | null = null;
  for (const r of csvRows(text)) {
    if (!header) {
      header = r.map((h) => h.trim());
      continue;
    }
    if (r.length === 1 && (r[0] ?? '') === '') continue;
    const row: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) row[header[i] as string] = r[i] ?? '';
    out.push(personFromRow(row));
  }
  return out;
};

/** Loads a labelled set laid out as `records.csv` + `truth.csv` (record_id,entity_id). */
export const loadLabelledSet = (dir: string): { records: PersonRecord[]; truth: Map<string, string> } => {
  const records = peopleFromCsv(readFileSync(join(dir, 'records.csv'), 'utf8'));
  const truth = new Map<string, string>();
  for (const row of parseCsv(readFileSync(join(dir, 'truth.csv'), 'utf8')))
    if (row.record_id && row.entity_id) truth.set(row.record_id, row.entity_id);
  return { records, truth };
};
