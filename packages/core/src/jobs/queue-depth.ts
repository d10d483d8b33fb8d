import type { Database } from '@dossier/db';
import { sql } from 'drizzle-orm';

/** Jobs waiting or running of one kind and status, and the age of the oldest in seconds. */
export interface QueueDepth {
  kind: string;
  status: string;
  jobs: number;
  oldest: number;
}

/** The job queue as every process shares it (`job_runs`): one grouped read, for the metrics gauges. */
export const jobQueueDepth = (database: Database): Promise<QueueDepth[]> =>
  database.query<QueueDepth>(sql`
    select kind, status, count(*)::int as jobs,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
    from job_runs where status in ('queued', 'running') group by kind, status`);
