import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSqlSources, type SqlSource, sqlAfterMigrations, sqlBeforeMigrations } from './sql-sources.js';

/** What migrating needs from a driver. */
export interface MigrationDriver {
  /** Runs a script of several statements in one transaction. */
  script(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  /** Applies the pending schema migrations (drizzle's migrator). */
  migrations(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Brings a database to the current schema: the expression functions the schema computes with, the
 * pending migrations, then the live functions and triggers (packages/db/sql). Callers on PostgreSQL
 * hold an advisory lock around it so that a fleet starting together migrates once.
 */
export async function migrateDatabase(driver: MigrationDriver) {
  await refusePreBaselineHistory(driver);
  await driver.script(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS drizzle.dossier_sql_sources (
      file text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());`);
  await applySources(driver, readSqlSources(sqlBeforeMigrations));
  await driver.migrations();
  await applySources(driver, readSqlSources(sqlAfterMigrations));
}

async function applySources(driver: MigrationDriver, sources: SqlSource[]) {
  const applied = new Map(
    (
      await driver.rows<{ file: string; hash: string }>('SELECT file, hash FROM drizzle.dossier_sql_sources')
    ).map((r) => [r.file, r.hash]),
  );
  for (const source of sources) {
    if (applied.get(source.file) === source.hash) continue;
    // Function bodies are checked when they run: the files need no order among their functions.
    await driver.script(`SET LOCAL check_function_bodies = off;
${source.text}
;
INSERT INTO drizzle.dossier_sql_sources (file, hash) VALUES ('${source.file}', '${source.hash}')
  ON CONFLICT (file) DO UPDATE SET hash = excluded.hash, applied_at = now();`);
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * The migration history before the baseline was squashed into `0001_baseline`: a database part way
 * through it would get the baseline applied over its tables. The baseline's time is that of the last
 * migration it replaced, so a database that had applied all of them skips it.
 */
async function refusePreBaselineHistory(driver: MigrationDriver) {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const first = journal.entries[0];
  const baseline = journal.entries.find((e) => e.tag.endsWith('_baseline'));
  if (!first || !baseline) return;
  const [table] = await driver.rows<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!table?.present) return;
  const [last] = await driver.rows<{ at: string | null }>(
    'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
  );
  const at = Number(last?.at ?? 0);
  if (at > first.when && at < baseline.when) {
    throw new Error(
      'This database was created by an older Dossier whose migrations were since squashed into one baseline. ' +
        'Upgrade it first with a Dossier from before that change (git commit 67213ac: `pnpm dossier migrate`), then with this one.',
    );
  }
}
