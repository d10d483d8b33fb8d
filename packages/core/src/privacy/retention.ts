import type { Db } from '@dossier/db';
import type { Logger } from '../context.js';
import { invalid } from '../errors.js';
import { auditPrivacy, type PrivacyActor } from './audit.js';
import { retentionRow, saveRetention } from './store.js';
import { deleteJobsFinishedBefore, deleteSourceRecordsBefore } from './store-jobs.js';

export interface RetentionSettings {
  /** Days raw source records are kept; null: until the person is erased. */
  source_record_days: number | null;
  /** Days finished jobs (audience CSVs, verification results) are kept; null: until erased. */
  job_output_days: number | null;
  last_sweep_at: string | null;
}

export async function getRetention(db: Db): Promise<RetentionSettings> {
  const row = await retentionRow(db);
  return {
    source_record_days: row?.sourceRecordDays ?? null,
    job_output_days: row?.jobOutputDays ?? null,
    last_sweep_at: row?.lastSweepAt?.toISOString() ?? null,
  };
}

const checkDays = (value: number | null | undefined, path: string) => {
  if (value == null) return;
  if (!Number.isInteger(value) || value < 1 || value > 36_500)
    throw invalid([{ path, message: 'must be a whole number of days from 1 to 36500, or null to keep' }]);
};

/** Sets the retention periods (a field left out keeps its value; null keeps data until erased). */
export async function setRetention(
  db: Db,
  input: { source_record_days?: number | null; job_output_days?: number | null },
  actor: PrivacyActor,
): Promise<RetentionSettings> {
  checkDays(input.source_record_days, 'source_record_days');
  checkDays(input.job_output_days, 'job_output_days');
  if (input.source_record_days === undefined && input.job_output_days === undefined) return getRetention(db);
  const set: Parameters<typeof saveRetention>[1] = { updatedAt: new Date() };
  if (input.source_record_days !== undefined) set.sourceRecordDays = input.source_record_days;
  if (input.job_output_days !== undefined) set.jobOutputDays = input.job_output_days;
  await saveRetention(db, set);
  const settings = await getRetention(db);
  await auditPrivacy(db, actor, 'privacy.retention', 'retention', {
    source_record_days: settings.source_record_days,
    job_output_days: settings.job_output_days,
  });
  return settings;
}

const DAY = 86_400_000;
const BATCH = 5_000;

/**
 * Deletes what is older than the retention allows, in batches (a crash loses at most the batch in
 * flight, and the next sweep goes on): raw source records (the graph keeps the values they gave),
 * and finished jobs with their items, which are the audience CSVs and verification results.
 */
export async function sweepRetention(
  db: Db,
  now = new Date(),
): Promise<{ source_records: number; jobs: number }> {
  const settings = await getRetention(db);
  let records = 0;
  let jobs = 0;
  if (settings.source_record_days) {
    const before = new Date(now.getTime() - settings.source_record_days * DAY);
    for (;;) {
      const n = await deleteSourceRecordsBefore(db, before, BATCH);
      if (n === 0) break;
      records += n;
    }
  }
  if (settings.job_output_days) {
    const before = new Date(now.getTime() - settings.job_output_days * DAY);
    jobs = await deleteJobsFinishedBefore(db, before);
  }
  await saveRetention(db, { lastSweepAt: now });
  return { source_records: records, jobs };
}

/** Runs the sweep now and then every `everyMs` (an hour by default) until stopped. */
export function scheduleRetentionSweep(db: Db, log: Logger, everyMs = 3_600_000): { stop(): void } {
  const tick = () =>
    sweepRetention(db)
      .then((n) => {
        if (n.source_records || n.jobs) log.info(n, 'retention sweep deleted expired data');
      })
      .catch((error: unknown) => log.warn({ err: (error as Error).message }, 'retention sweep failed'));
  void tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
