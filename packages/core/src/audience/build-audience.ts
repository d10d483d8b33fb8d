import { z } from 'zod';
import type { Context } from '../context.js';
import { invalid } from '../errors.js';
import { defineOperation } from '../operation.js';
import { lenientList } from '../shared/lenient.js';
import { creditsUsed } from '../shared/schema.js';
import {
  AUDIENCE_JOB_KIND,
  type AudienceJobInput,
  type AudienceJobItem,
  type IndexedResult,
} from './audience-job.js';
import { toCsv } from './csv.js';
import { countResult, emptySummary, hashAudience, hashContact } from './hash-contact.js';
import { audienceJobLinks, audienceJobSchema, audienceJobView, jobsOf } from './job-view.js';
import { JOB_CHUNK, MAX_JOB_CONTACTS, MAX_SYNC_CONTACTS } from './limits.js';
import type { AudienceNetwork } from './networks.js';
import {
  type AudienceContact,
  audienceContactSchema,
  audienceIndexedResultSchema,
  audienceNetworkSchema,
  audienceSummarySchema,
} from './schema.js';
import { type AudienceSearch, audienceSearchSchema, searchPersonIds } from './search-people.js';
import { contactsForPeople, enrichContacts } from './stored-contacts.js';
import { withoutSuppressed } from './suppressed.js';

const maxList = `${MAX_JOB_CONTACTS.toLocaleString('en-US')}`;

const input = z.object({
  network: audienceNetworkSchema.describe('Whose rules and key names to use.'),
  contacts: z
    .array(audienceContactSchema)
    .max(MAX_JOB_CONTACTS)
    .optional()
    .describe(`People to hash (up to ${maxList} with person_ids and search).`),
  person_ids: lenientList(z.array(z.string().min(1).max(64)).max(MAX_JOB_CONTACTS))
    .optional()
    .describe('Stored people to hash, by id (per_...).'),
  search: audienceSearchSchema.optional(),
  enrich: z
    .boolean()
    .default(false)
    .describe(
      'Add the stored emails and phones (and, for `x`, X handles) of known people to `contacts` first. ' +
        'People by id or found by `search` always come with them.',
    ),
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe(
      'json: identifiers per contact; csv: the network upload file. A job offers both: paged JSON and upload.csv.',
    ),
  as_job: z
    .boolean()
    .optional()
    .describe(`Queue a job even for ${MAX_SYNC_CONTACTS.toLocaleString('en-US')} contacts or fewer.`),
  idempotency_key: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'Makes a job submission safe to repeat. The same key returns the same job; over REST it is the ' +
        '`Idempotency-Key` header.',
    ),
});

const answered = z
  .object({
    network: audienceNetworkSchema,
    format: z.enum(['json', 'csv']),
    results: z
      .array(audienceIndexedResultSchema)
      .optional()
      .describe('Per contact, in input order (format json).'),
    csv: z.string().optional().describe("The network's upload file (format csv)."),
    summary: audienceSummarySchema,
    not_found: z.array(z.string()).describe('person_ids that match nobody.'),
    credits_used: creditsUsed,
  })
  .meta({ id: 'Audience' })
  .describe(`Up to ${MAX_SYNC_CONTACTS.toLocaleString('en-US')} contacts: the identifiers now (HTTP 200).`);

const queued = z
  .object({
    job: audienceJobSchema,
    poll: z
      .object({
        url: z.string().describe('GET this for progress, the summary and paged results.'),
        upload_csv: z.string().describe("GET this for the network's upload file once finished."),
        tool: z.literal('get_audience_job').describe('The MCP tool to poll with the job id.'),
      })
      .describe('Where to follow the job.'),
    credits_used: creditsUsed,
  })
  .meta({ id: 'AudienceQueued' })
  .describe('Longer lists: the job that hashes them (HTTP 202).');

type Input = z.output<typeof input>;

/** The people a search finds, checked against what room the list has left. */
async function searchedIds(ctx: Context, search: AudienceSearch, room: number): Promise<string[]> {
  const found = await searchPersonIds(ctx, search, room);
  if (found.more) {
    throw invalid([
      {
        path: 'search',
        message: `matches more than ${room.toLocaleString('en-US')} people (at most ${maxList} contacts per list, with contacts and person_ids): narrow the filters`,
      },
    ]);
  }
  return found.ids;
}

/** Answers now: hashes everything in this request and stores nothing. */
async function answerNow(ctx: Context, body: Input, given: AudienceContact[], ids: string[]) {
  const stored = ids.length
    ? await contactsForPeople(ctx.db.db, ids, { handles: body.network === 'x' })
    : { contacts: [], notFound: [] };
  const summary = emptySummary();
  const notFound = new Set(stored.notFound);
  const results: IndexedResult[] = given.map((contact, index) => {
    const result = hashContact(body.network, contact);
    countResult(summary, result);
    return { index, ...result };
  });
  let found = 0;
  ids.forEach((id, i) => {
    if (notFound.has(id)) return;
    const entry = stored.contacts[found++];
    if (!entry) return;
    const result = hashContact(body.network, entry.contact);
    countResult(summary, result);
    results.push({ index: given.length + i, person_id: entry.personId, ...result });
  });
  const common = { network: body.network, summary, not_found: stored.notFound, credits_used: 0 as const };
  return body.format === 'csv'
    ? { ...common, format: 'csv' as const, csv: toCsv(body.network, results) }
    : { ...common, format: 'json' as const, results };
}

/**
 * Queues a long list. What is stored, and why: the contacts sent here are hashed in this request
 * and only the hashed (and network-normalized) identifiers are written, as the job's items; the
 * raw emails, phones and names never reach the database, yet the stored output survives a restart,
 * so the job is resumable and an idempotent retry returns it. Stored people (person_ids, or the
 * people the search found, fixed at submission) are stored as ids only and hashed by the job. The
 * job's input row holds the network, counts and the search filters, never contact data.
 */
async function queueJob(ctx: Context, body: Input, given: AudienceContact[], ids: string[]) {
  const network: AudienceNetwork = body.network;
  const items: AudienceJobItem[] = [];
  const chunkSizes: number[] = [];
  for (let start = 0; start < given.length; start += JOB_CHUNK) {
    const { results } = hashAudience(network, given.slice(start, start + JOB_CHUNK));
    items.push({ hashed: results.map((result, i) => ({ index: start + i, ...result })) });
    chunkSizes.push(results.length);
  }
  for (let start = 0; start < ids.length; start += JOB_CHUNK) {
    const chunk = ids.slice(start, start + JOB_CHUNK);
    items.push({ person_ids: chunk, first_index: given.length + start });
    chunkSizes.push(chunk.length);
  }
  const jobInput: AudienceJobInput = {
    network,
    contacts: given.length + ids.length,
    chunk_sizes: chunkSizes,
    sources: {
      contacts: given.length,
      person_ids: body.person_ids?.length ?? 0,
      ...(body.search ? { search: { query: body.search.query, filters: body.search.filters } } : {}),
    },
    enrich: body.enrich,
    request_id: ctx.requestId,
  };
  const { job } = await jobsOf(ctx).submit({
    orgId: ctx.caller.orgId,
    kind: AUDIENCE_JOB_KIND,
    items,
    input: jobInput as unknown as Record<string, unknown>,
    idempotencyKey: body.idempotency_key,
  });
  const links = audienceJobLinks(job.id);
  return {
    job: audienceJobView(job),
    poll: { url: links.url, upload_csv: links.upload_csv, tool: 'get_audience_job' as const },
    credits_used: 0 as const,
  };
}

export const buildAudienceOperation = defineOperation({
  name: 'build_audience',
  title: 'Hashed audience for an ad network',
  method: 'POST',
  path: '/v1/audience',
  summary: 'Normalized and hashed identifiers to match a list on an ad network',
  description:
    'Hashes contacts, stored people (`person_ids`) or a people `search` into the identifiers an ad network ' +
    `matches on, by its rules and key names; unusable values are reported. Over ${MAX_SYNC_CONTACTS.toLocaleString('en-US')} contacts (up to ${maxList}) queue a job: poll ` +
    'get_audience_job.',
  details:
    'Unusable values are never hashed. `format: "csv"` answers the upload file. Contact data is never stored in clear.',
  scope: 'audience',
  input,
  output: z.union([answered, queued]).meta({ id: 'BuildAudience' }),
  // A list of a million contacts as JSON is over a hundred megabytes.
  maxBodyBytes: 256 * 1024 * 1024,
  example: {
    input: {
      network: 'meta',
      contacts: [{ email: 'A.Clark@northwind.example', phone: '+1 206 555 0166', country: 'US' }],
    },
  },
  readOnly: false,
  idempotent: false,
  openWorld: false,
  statusFor: (output) => ('job' in output ? 202 : 200),
  headers: { 'idempotency-key': 'idempotency_key' },
  summarize: (o) =>
    'job' in o
      ? `Queued ${o.job.total} contacts as audience job ${o.job.id}; poll get_audience_job with this job_id.`
      : `${o.summary.usable} of ${o.summary.contacts} contacts have at least one usable identifier for ${o.network}.`,
  async handler(ctx, body) {
    const sent = body.contacts ?? [];
    const byId = body.person_ids ?? [];
    if (!sent.length && !byId.length && !body.search) {
      throw invalid([
        { path: 'contacts', message: 'send contacts, person_ids or search (at least one contact)' },
      ]);
    }
    if (sent.length + byId.length > MAX_JOB_CONTACTS) {
      throw invalid([{ path: 'contacts', message: `at most ${maxList} contacts per list, with person_ids` }]);
    }
    const found = body.search
      ? await searchedIds(ctx, body.search, MAX_JOB_CONTACTS - sent.length - byId.length)
      : [];
    const ids = found.length ? [...byId, ...found] : byId;
    const given = await withoutSuppressed(
      ctx.db.db,
      body.enrich && sent.length
        ? await enrichContacts(ctx.db.db, sent, { handles: body.network === 'x' })
        : sent,
    );
    if (given.length + ids.length <= MAX_SYNC_CONTACTS && !body.as_job)
      return answerNow(ctx, body, given, ids);
    return queueJob(ctx, body, given, ids);
  },
});
