import { z } from 'zod';
import { DossierError } from '../errors.js';
import { defineOperation } from '../operation.js';
import { type AudienceJobInput, itemResults } from './audience-job.js';
import { csvWriter } from './csv.js';
import { audienceJobIdParam, jobsOf, ownAudienceJob } from './job-view.js';

/** Items per read: up to 20,000 contacts in memory at a time. */
const PAGE = 20;

export const getAudienceJobCsvOperation = defineOperation({
  name: 'get_audience_job_csv',
  title: 'Audience job upload file',
  method: 'GET',
  path: '/v1/audience/{job_id}/upload.csv',
  summary: "The network's upload file for a finished audience job",
  description:
    "A finished build_audience job's upload file in the network's template, a row per contact in input order.",
  details:
    'Only contacts with an identifier have a row; repeatable columns go to the template limit. Answers 409 until ' +
    'the job has succeeded.',
  scope: 'audience',
  input: z.object({ job_id: audienceJobIdParam }),
  output: z.object({
    csv: z
      .array(z.string())
      .describe(
        'The CSV text, with a header row, in parts written one after another as one file (a million-contact file is larger than one string can be).',
      ),
    rows: z
      .number()
      .int()
      .describe('Contacts in the file (one with more values than the columns takes extra lines).'),
  }),
  example: { input: { job_id: 'job_4Fq2' } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  produces: {
    contentType: 'text/csv; charset=utf-8',
    field: 'csv',
    filename: 'audience-upload.csv',
    resource: 'dossier://audience-job/{job_id}/upload.csv',
  },
  async handler(ctx, input) {
    const job = await ownAudienceJob(ctx, input.job_id);
    if (job.status !== 'succeeded') {
      throw new DossierError(
        'conflict',
        `audience job ${job.id} is ${job.status}: download it once it has succeeded`,
      );
    }
    const writer = csvWriter((job.input as unknown as AudienceJobInput).network);
    const jobs = jobsOf(ctx);
    // One part per page of results: no single string grows past what V8 allows (~512 MB).
    const parts = [`${writer.header}\n`];
    let rows = 0;
    let after: number | undefined;
    for (;;) {
      const page = await jobs.results(job.id, { after, limit: PAGE });
      const lines: string[] = [];
      for (const item of page.items) {
        for (const result of itemResults(item.input, item.result)) {
          const text = writer.rows(result);
          if (!text) continue;
          lines.push(text);
          rows += 1;
        }
      }
      parts.push(lines.join(''));
      if (page.next === null) break;
      after = page.next;
    }
    return { csv: parts, rows };
  },
});
