import type { Database } from '@dossier/db';
import { sql } from 'drizzle-orm';

/** How many of a verify job's items ended in each status (null: no result yet). */
export const verifyStatusCounts = (database: Database, jobId: string) =>
  database.query<{ status: string | null; n: number }>(sql`
        select result->>'status' as status, count(*)::int as n from job_items
        where job_id = ${jobId} group by 1`);
