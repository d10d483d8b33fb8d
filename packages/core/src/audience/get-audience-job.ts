import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { lenientNumber } from '../shared/lenient.js';
import { creditsUsed } from '../shared/schema.js';
import { type IndexedResult, itemResults } from './audience-job.js';
import {
  audienceJobIdParam,
  audienceJobLinks,
  audienceJobSchema,
  audienceJobView,
  jobsOf,
  ownAudienceJob,
} from './job-view.js';
import { JOB_CHUNK } from './limits.js';
import { audienceIndexedResultSchema } from './schema.js';

/** A position in a job's results: item `seq`, the `offset`-th result in it. */
const parseCursor = (cursor: string | undefined) => {
  if (cursor === undefined) return { seq: 0, offset: 0 };
  const [seq, offset] = cursor.split('.').map(Number);
  return { seq: seq ?? 0, offset: offset ?? 0 };
};

export const getAudienceJobOperation = defineOperation({
  name: 'get_audience_job',
  title: 'Audience job',
  method: 'GET',
  path: '/v1/audience/{job_id}',
  summary: 'Progress, summary and paged results of an audience job',
  description:
    'Progress, identifier summary and a page of hashed results (input order) of a build_audience job. Next page: ' +
    '`cursor` = `next_cursor`.',
  details: 'The summary comes once the job has finished; `next_cursor` is null once all are listed.',
  scope: 'audience',
  input: z.object({
    job_id: audienceJobIdParam,
    cursor: z
      .string()
      .regex(/^\d{1,9}\.\d{1,9}$/, 'use the next_cursor of the previous page')
      .optional()
      .describe('From the previous page'),
    limit: lenientNumber(z.number().int().min(1).max(1_000))
      .default(100)
      .describe('Results per page (1-1000).'),
  }),
  output: z
    .object({
      job: audienceJobSchema,
      results: z
        .array(audienceIndexedResultSchema)
        .describe('Hashed results after the cursor, in input order.'),
      next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null at the end.'),
      upload_csv: z.string().describe("Where the network's upload file downloads (once finished)."),
      credits_used: creditsUsed,
    })
    .meta({ id: 'AudienceJobPage' }),
  example: { input: { job_id: 'job_4Fq2', limit: 100 } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `Audience job ${o.job.id} is ${o.job.status}: ${o.job.done} of ${o.job.total} contacts done; ` +
    `${o.results.length} results on this page.`,
  async handler(ctx, input) {
    const job = await ownAudienceJob(ctx, input.job_id);
    const jobs = jobsOf(ctx);
    let { seq, offset } = parseCursor(input.cursor);
    const results: IndexedResult[] = [];
    fill: while (results.length < input.limit && seq < job.total) {
      const page = await jobs.results(job.id, {
        after: seq === 0 ? undefined : seq - 1,
        limit: 1 + Math.ceil((input.limit - results.length) / JOB_CHUNK),
      });
      if (!page.items.length) break;
      for (const item of page.items) {
        // Items finish in order; a gap means the next one is not done yet.
        if (item.seq !== seq) break fill;
        const rows = itemResults(item.input, item.result);
        const taken = rows.slice(offset, offset + input.limit - results.length);
        results.push(...taken);
        offset += taken.length;
        if (offset >= rows.length) {
          seq += 1;
          offset = 0;
        }
        if (results.length >= input.limit) break fill;
      }
      if (page.next === null) break;
    }
    const end = job.status === 'succeeded' && seq >= job.total;
    return {
      job: audienceJobView(job),
      results,
      next_cursor: end || job.status === 'failed' ? null : `${seq}.${offset}`,
      upload_csv: audienceJobLinks(job.id).upload_csv,
      credits_used: 0 as const,
    };
  },
});
