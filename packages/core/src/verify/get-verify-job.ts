import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { lenientNumber } from '../shared/lenient.js';
import { creditsUsed } from '../shared/schema.js';
import { jobIdParam, jobsOf, jobView, ownVerifyJob, verifyJobSchema } from './job-view.js';
import { verifyResultSchema } from './schema.js';
import type { VerifyResult } from './types.js';

export const getVerifyJobOperation = defineOperation({
  name: 'get_verify_job',
  title: 'Verification job',
  method: 'GET',
  path: '/v1/verify/{job_id}',
  summary: 'Progress and paged results of an email verification job',
  description:
    'Progress and a page of results (in the order sent) of a verify_emails job. Next page: `cursor` = `next_cursor`.',
  details: 'Greylisted addresses come after a retry, minutes later. `next_cursor` is null on the last page.',
  scope: 'verify',
  input: z.object({
    job_id: jobIdParam,
    cursor: z
      .string()
      .regex(/^\d+$/, 'use the next_cursor of the previous page')
      .optional()
      .describe('From the previous page'),
    limit: lenientNumber(z.number().int().min(1).max(1_000))
      .default(100)
      .describe('Results per page (1-1000).'),
  }),
  output: z
    .object({
      job: verifyJobSchema,
      results: z
        .array(verifyResultSchema)
        .describe('Finished results after the cursor, in submission order.'),
      next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null at the end.'),
      results_csv: z.string().describe('Where every result downloads as CSV.'),
      credits_used: creditsUsed,
    })
    .meta({ id: 'VerifyJobPage' }),
  example: { input: { job_id: 'job_4Fq2', limit: 100 } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `Job ${o.job.id} is ${o.job.status}: ${o.job.done} of ${o.job.total} done; ${o.results.length} results on this page.`,
  async handler(ctx, input) {
    const job = await ownVerifyJob(ctx, input.job_id);
    const page = await jobsOf(ctx).results(job.id, {
      after: input.cursor === undefined ? undefined : Number(input.cursor),
      limit: input.limit,
    });
    return {
      job: jobView(job),
      results: page.items.map((item) => item.result as VerifyResult),
      next_cursor: page.next === null ? null : String(page.next),
      results_csv: `/v1/verify/${job.id}/results.csv`,
      credits_used: 0 as const,
    };
  },
});
