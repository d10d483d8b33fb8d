import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { csvLine } from './csv.js';
import { jobIdParam, jobsOf, ownVerifyJob } from './job-view.js';
import type { VerifyResult } from './types.js';

const PAGE = 5_000;
const COLUMNS = [
  'input',
  'email',
  'status',
  'reason',
  'score',
  'role',
  'free',
  'disposable',
  'accept_all',
  'suggestion',
  'mx_host',
  'provider',
  'smtp_code',
  'smtp_enhanced_code',
  'smtp_message',
  'checked_at',
];

const row = (r: VerifyResult) =>
  csvLine([
    r.input,
    r.email,
    r.status,
    r.reason,
    r.score,
    r.flags.role,
    r.flags.free,
    r.flags.disposable,
    r.flags.accept_all,
    r.suggestion,
    r.smtp?.host ?? r.domain?.mx[0]?.host,
    r.domain?.provider,
    r.smtp?.code,
    r.smtp?.enhanced_code,
    r.smtp?.message,
    r.checked_at,
  ]);

export const getVerifyJobCsvOperation = defineOperation({
  name: 'get_verify_job_csv',
  title: 'Verification job results as CSV',
  method: 'GET',
  path: '/v1/verify/{job_id}/results.csv',
  summary: 'Every finished result of a verification job as CSV',
  description: "A verify_emails job's results as CSV, a row per address in the order sent.",
  details:
    'Each row has the status, reason, score, flags and the SMTP evidence. Addresses awaiting a retry are left ' +
    'out until the job has succeeded.',
  scope: 'verify',
  input: z.object({ job_id: jobIdParam }),
  output: z.object({
    csv: z.string().describe('The CSV text, with a header row.'),
    rows: z.number().int().describe('Data rows.'),
  }),
  example: { input: { job_id: 'job_4Fq2' } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  produces: {
    contentType: 'text/csv; charset=utf-8',
    field: 'csv',
    filename: 'verify-results.csv',
    resource: 'dossier://verify-job/{job_id}/results.csv',
  },
  async handler(ctx, input) {
    const job = await ownVerifyJob(ctx, input.job_id);
    const jobs = jobsOf(ctx);
    const parts = [csvLine(COLUMNS)];
    let after: number | undefined;
    let rows = 0;
    for (;;) {
      const page = await jobs.results(job.id, { after, limit: PAGE });
      for (const item of page.items) parts.push(row(item.result as VerifyResult));
      rows += page.items.length;
      if (page.next === null) break;
      after = page.next;
    }
    return { csv: parts.join(''), rows };
  },
});
