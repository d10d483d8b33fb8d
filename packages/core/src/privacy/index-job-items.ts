import type { Db } from '@dossier/db';
import { jobItemSubjects } from './job-subjects.js';
import { hasInstanceSecret } from './secret.js';
import { setJobItemSubjects, unindexedJobItems } from './store-jobs.js';

/**
 * Fills `job_items.subjects` for items written before the column existed (or by a process without
 * the instance secret), `batch` items per transaction, until none is left; returns how many. Safe to
 * run from several processes at once and to stop at any point: each batch commits on its own, and
 * erasure reads the items still unindexed as text meanwhile. Without the secret it does nothing.
 * Run by `dossier migrate` and once by every worker at start (apps/cli/src/commands/workers.ts).
 */
export async function indexJobItems(
  db: Db,
  options: { batch?: number; stopped?: () => boolean } = {},
): Promise<number> {
  if (!hasInstanceSecret()) return 0;
  const batch = options.batch ?? 2_000;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const rows = await unindexedJobItems(tx, batch);
      if (rows.length)
        await setJobItemSubjects(
          tx,
          rows.map((r) => ({
            job_id: r.job_id,
            seq: r.seq,
            subjects: (jobItemSubjects({ kind: r.kind, input: r.job_input }, r.input, r.result) ?? []).join(
              ' ',
            ),
          })),
        );
      return rows.length;
    });
    total += done;
    if (done < batch || options.stopped?.()) return total;
  }
}
