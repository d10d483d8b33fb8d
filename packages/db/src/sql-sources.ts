import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The live functions and triggers, one file per concern in `packages/db/sql/`. Migrations hold schema
 * changes only; these files hold the current definition of every function and trigger and are applied
 * on every migrate, idempotently (CREATE OR REPLACE), skipped when unchanged.
 */
export const sqlFolder = fileURLToPath(new URL('../sql', import.meta.url));

/** Applied before the migrations: stored columns and indexes of the schema compute with them. */
export const sqlBeforeMigrations = ['expressions.sql'];

/** Applied after the migrations, in this order (a trigger's function is in its own file or an earlier one). */
export const sqlAfterMigrations = [
  'search-facets.sql',
  'contact-read-model.sql',
  'intent.sql',
  'webhook-events.sql',
];

export interface SqlSource {
  file: string;
  text: string;
  hash: string;
}

export function readSqlSources(files: string[]): SqlSource[] {
  return files.map((file) => {
    const text = readFileSync(join(sqlFolder, file), 'utf8');
    return { file, text, hash: createHash('sha256').update(text).digest('hex') };
  });
}
