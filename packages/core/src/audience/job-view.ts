import { z } from 'zod';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { createJobs } from '../jobs/store.js';
import type { JobRun, Jobs } from '../jobs/types.js';
import { AUDIENCE_JOB_KIND, type AudienceJobInput } from './audience-job.js';
import { audienceNetworkSchema, audienceSummarySchema } from './schema.js';

export const audienceJobSchema = z
  .object({
    id: z.string().describe('The job id, e.g. `job_4Fq...`.'),
    network: audienceNetworkSchema,
    status: z
      .enum(['queued', 'running', 'succeeded', 'failed', 'cancelled'])
      .describe('`queued`, `running`, `succeeded` or `failed`.'),
    total: z.number().int().describe('Contacts in the job (sent, by id and found by the search).'),
    done: z.number().int().describe('Contacts hashed and stored so far.'),
    progress: z.number().min(0).max(1).describe('done / total.'),
    summary: audienceSummarySchema
      .nullable()
      .describe('Contacts with each identifier, once the job has finished; null before.'),
    not_found: z
      .array(z.string())
      .nullable()
      .describe('person_ids that matched nobody (the first 1,000), once finished.'),
    error: z.string().nullable().describe('Why the job failed, when it did.'),
    created_at: z.string().describe('ISO 8601 time of submission.'),
    finished_at: z.string().nullable().describe('ISO 8601 time of completion.'),
  })
  .meta({ id: 'AudienceJob' });

/** Contacts in the first `done` items: items finish in order, and their sizes are stored. */
const doneContacts = (input: AudienceJobInput, done: number): number =>
  input.chunk_sizes.slice(0, done).reduce((sum, n) => sum + n, 0);

export const audienceJobView = (job: JobRun): z.input<typeof audienceJobSchema> => {
  const input = job.input as unknown as AudienceJobInput;
  const total = input.contacts;
  const done = job.status === 'succeeded' ? total : Math.min(total, doneContacts(input, job.done));
  const result = job.result as { summary?: unknown; not_found?: string[] } | null;
  return {
    id: job.id,
    network: input.network,
    status: job.status,
    total,
    done,
    progress: total ? Math.round((done / total) * 10_000) / 10_000 : 1,
    summary: (result?.summary as z.input<typeof audienceSummarySchema> | undefined) ?? null,
    not_found: result?.not_found ?? null,
    error: job.status === 'failed' ? job.error : null,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
};

export const jobsOf = (ctx: Context): Jobs => ctx.jobs ?? createJobs(ctx.db);

export const audienceJobIdParam = z
  .string()
  .min(1)
  .max(64)
  .describe('The job id returned by build_audience.');

/** The caller's audience job, or 404: another organization's job id is not found. */
export const ownAudienceJob = async (ctx: Context, id: string): Promise<JobRun> => {
  const job = await jobsOf(ctx).get(ctx.caller.orgId, id);
  if (!job || job.kind !== AUDIENCE_JOB_KIND) throw notFound(`audience job ${id}`);
  return job;
};

export const audienceJobLinks = (id: string) => ({
  url: `/v1/audience/${id}`,
  upload_csv: `/v1/audience/${id}/upload.csv`,
});
