import { z } from 'zod';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { createJobs } from '../jobs/store.js';
import type { JobRun, Jobs } from '../jobs/types.js';
import { VERIFY_JOB_KIND } from './verify-job.js';

export const verifyJobSchema = z
  .object({
    id: z.string().describe('The job id, e.g. `job_4Fq...`.'),
    status: z
      .enum(['queued', 'running', 'succeeded', 'failed', 'cancelled'])
      .describe(
        '`queued`, `running` (greylisted addresses may wait minutes for a retry), `succeeded` or `failed`.',
      ),
    total: z.number().int().describe('Addresses in the job.'),
    done: z.number().int().describe('Addresses with a final result so far.'),
    progress: z.number().min(0).max(1).describe('done / total.'),
    counts: z
      .record(z.string(), z.number().int())
      .nullable()
      .describe('Results by status once the job has finished; null before.'),
    error: z.string().nullable().describe('Why the job failed, when it did.'),
    created_at: z.string().describe('ISO 8601 time of submission.'),
    finished_at: z.string().nullable().describe('ISO 8601 time of completion.'),
  })
  .meta({ id: 'VerifyJob' });

export const jobView = (job: JobRun): z.input<typeof verifyJobSchema> => ({
  id: job.id,
  status: job.status,
  total: job.total,
  done: job.done,
  progress: job.total ? Math.round((job.done / job.total) * 10_000) / 10_000 : 1,
  counts: (job.result?.counts as Record<string, number> | undefined) ?? null,
  error: job.status === 'failed' ? job.error : null,
  created_at: job.createdAt.toISOString(),
  finished_at: job.finishedAt ? job.finishedAt.toISOString() : null,
});

export const jobsOf = (ctx: Context): Jobs => ctx.jobs ?? createJobs(ctx.db);

export const jobIdParam = z.string().min(1).max(64).describe('The job id returned by verify_emails.');

/** The caller's verify job, or 404: another organization's job id is not found. */
export const ownVerifyJob = async (ctx: Context, id: string): Promise<JobRun> => {
  const job = await jobsOf(ctx).get(ctx.caller.orgId, id);
  if (!job || job.kind !== VERIFY_JOB_KIND) throw notFound(`verification job ${id}`);
  return job;
};
