import { z } from 'zod';
import { invalid } from '../errors.js';
import { defineOperation } from '../operation.js';
import { lenientList } from '../shared/lenient.js';
import { creditsUsed } from '../shared/schema.js';
import { emailsFromCsv } from './csv.js';
import { defaultVerifier } from './default-verifier.js';
import { jobsOf, jobView, verifyJobSchema } from './job-view.js';
import { MAX_SYNC_EMAILS, verifyResultSchema } from './schema.js';
import { SUPPRESSED_ITEM, suppressedPositions, verifyUnsuppressed } from './suppressed.js';
import { VERIFY_JOB_KIND } from './verify-job.js';

/** The largest list one job takes. */
export const MAX_JOB_EMAILS = 1_000_000;

const address = z.string().max(1_000);

const input = z
  .strictObject({
    emails: lenientList(z.array(address).min(1).max(MAX_JOB_EMAILS))
      .optional()
      .describe(
        `Addresses to check. Up to ${MAX_SYNC_EMAILS} are answered at once; longer lists become a job.`,
      ),
    email: address.optional().describe('One address to check (instead of `emails`).'),
    csv: z
      .string()
      .optional()
      .describe(
        'CSV text with an `email` column (or one address per line), instead of `emails`. Over REST the same ' +
          'can be sent as the request body with `Content-Type: text/csv`.',
      ),
    as_job: z.boolean().optional().describe(`Queue a job even for ${MAX_SYNC_EMAILS} addresses or fewer.`),
    idempotency_key: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'Makes a job submission safe to repeat. The same key returns the same job; over REST it is the ' +
          '`Idempotency-Key` header.',
      ),
  })
  .superRefine((value, ctx) => {
    const given = (['emails', 'email', 'csv'] as const).filter((key) => value[key] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [given[1] ?? 'emails'],
        message: 'send exactly one of `emails`, `email` or `csv`',
      });
    }
  });

const answered = z
  .object({
    results: z.array(verifyResultSchema).describe('One result per address, in the order sent.'),
    credits_used: creditsUsed,
  })
  .describe('Up to 100 addresses: the results now (HTTP 200).');

const queued = z
  .object({
    job: verifyJobSchema,
    poll: z
      .object({
        url: z.string().describe('GET this for progress and paged results.'),
        results_csv: z.string().describe('GET this for every result as CSV once finished.'),
        tool: z.literal('get_verify_job').describe('The MCP tool to poll with the job id.'),
      })
      .describe('Where to follow the job.'),
    credits_used: creditsUsed,
  })
  .describe('Longer lists: the job that verifies them (HTTP 202).');

export const verifyEmailsOperation = defineOperation({
  name: 'verify_emails',
  title: 'Verify email addresses',
  method: 'POST',
  path: '/v1/verify',
  summary: 'Check whether email addresses can receive mail (syntax, DNS, live SMTP, catch-all)',
  description:
    'Checks whether addresses can receive mail, sending none (syntax, DNS, SMTP, catch-all): status, reason, ' +
    `0-100 score, flags. Over ${MAX_SYNC_EMAILS} (up to ${MAX_JOB_EMAILS.toLocaleString('en-US')}, as \`emails\` or ` +
    '`csv`) queue a job: poll get_verify_job.',
  details:
    'SMTP stops before DATA; a catch-all domain is probed with an address that cannot exist. The status is ' +
    'deliverable, undeliverable, risky or unknown, with the evidence for it.',
  scope: 'verify',
  input,
  output: z.union([answered, queued]).meta({ id: 'VerifyEmails' }),
  // A list of a million addresses as JSON or CSV is tens of megabytes.
  maxBodyBytes: 64 * 1024 * 1024,
  example: { input: { emails: ['aclark@northwind.example', 'info@northwind.example'] } },
  readOnly: false,
  idempotent: false,
  openWorld: true,
  statusFor: (output) => ('job' in output ? 202 : 200),
  headers: { 'idempotency-key': 'idempotency_key' },
  textBodies: { 'text/csv': 'csv' },
  summarize: (output) => {
    if ('job' in output)
      return `Queued ${output.job.total} addresses as job ${output.job.id}; poll get_verify_job with this job_id.`;
    const counts = new Map<string, number>();
    for (const r of output.results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    return `${output.results.length} checked: ${[...counts].map(([s, n]) => `${n} ${s}`).join(', ')}.`;
  },
  async handler(ctx, body) {
    let emails = body.emails ?? (body.email !== undefined ? [body.email] : []);
    if (body.csv !== undefined) {
      emails = emailsFromCsv(body.csv);
      if (!emails.length) throw invalid([{ path: 'csv', message: 'no addresses found' }]);
      if (emails.length > MAX_JOB_EMAILS)
        throw invalid([{ path: 'csv', message: `at most ${MAX_JOB_EMAILS} addresses per job` }]);
      if (emails.some((e) => e.length > 1_000))
        throw invalid([{ path: 'csv', message: 'an address is longer than 1000 characters' }]);
    }
    if (emails.length <= MAX_SYNC_EMAILS && !body.as_job) {
      // Within the verifier's time budget: slow servers answer unknown/timeout, and are cached later.
      const verifier = ctx.verifier ?? defaultVerifier(ctx.db);
      const results = await verifyUnsuppressed(ctx.db.db, emails, (list) =>
        verifier.verify(list, { sync: true }),
      );
      return { results, credits_used: 0 as const };
    }
    // A job never stores a suppressed address: its item holds a placeholder that names no one.
    const skip = await suppressedPositions(ctx.db.db, emails);
    const { job } = await jobsOf(ctx).submit({
      orgId: ctx.caller.orgId,
      kind: VERIFY_JOB_KIND,
      items: skip.size ? emails.map((e, i) => (skip.has(i) ? SUPPRESSED_ITEM : e)) : emails,
      input: { source: body.csv !== undefined ? 'csv' : 'json', request_id: ctx.requestId },
      idempotencyKey: body.idempotency_key,
    });
    return {
      job: jobView(job),
      poll: {
        url: `/v1/verify/${job.id}`,
        results_csv: `/v1/verify/${job.id}/results.csv`,
        tool: 'get_verify_job' as const,
      },
      credits_used: 0 as const,
    };
  },
});
