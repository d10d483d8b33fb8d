import { z } from 'zod';
import { parseBirthDate } from '../normalize/birth-date.js';
import { defineOperation } from '../operation.js';
import { creditsUsed } from '../shared/schema.js';
import { mapHeaders } from './header-map.js';
import { ingestRecords } from './ingest-records.js';
import { peopleKind } from './people-kind.js';

const DOB_HINT = 'not a date of birth: use YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, YYYYMMDD, YYYY-MM or YYYY';

/** Field names that mean a date of birth, as import headers are matched (`dob`, `Date of Birth`, ...). */
const isDobField = (name: string) => mapHeaders([name], peopleKind.aliases).mapping[name] === 'dob';

/** The most records one call takes. */
export const MAX_PUSH_RECORDS = 1_000;

const cell = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

const input = z
  .strictObject({
    kind: z.enum(['people', 'companies']).describe('What the records describe.'),
    source: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\w.-]+$/, 'letters, digits, `_`, `-` and `.` only')
      .describe('Name of the source (e.g. `crm`); the same record sent twice by one source is stored once.'),
    records: z
      .array(z.record(z.string().max(100), cell))
      .min(1)
      .max(MAX_PUSH_RECORDS)
      .describe(
        'Records as flat objects. Field names are matched like import headers: `email`, `first_name`, ' +
          '`company_domain`, `linkedin_url`, `title`, `middle_name`, `native_name`, `dob` (date of birth), `gender`, ' +
          '`address`, `city`, `state`, `postcode` (or `zip`), `country`, `ssn`, `passport`, `drivers_license`, ' +
          '`national_id` ... for people; `domain`, `name`, `employees` ... for companies. A date of birth that is ' +
          'not a date answers 422 naming the record and field.',
      ),
  })
  // A bad date of birth is the caller's mistake in a field it chose to send: say which, before anything loads.
  .superRefine((body, ctx) => {
    if (body.kind !== 'people') return;
    body.records.forEach((record, i) => {
      for (const [field, value] of Object.entries(record)) {
        if (value === null || value === '' || !isDobField(field)) continue;
        if (typeof value === 'boolean' || !parseBirthDate(String(value)))
          ctx.addIssue({ code: 'custom', path: ['records', i, field], message: DOB_HINT });
      }
    });
  });

const output = z
  .object({
    results: z
      .array(
        z.object({
          index: z.number().int().describe('Position of the record in `records`, from 0.'),
          outcome: z
            .enum(['loaded', 'merged', 'unchanged', 'rejected'])
            .describe(
              'loaded: a new entity; merged: joined an existing one; unchanged: already sent by this source; rejected: see reasons.',
            ),
          entity_id: z
            .string()
            .optional()
            .describe('The person (`per_`) or company (`cmp_`) the record resolved to.'),
          reasons: z.array(z.string()).optional().describe('Why the record was rejected.'),
        }),
      )
      .describe('One result per record, in the order sent.'),
    totals: z
      .object({
        loaded: z.number().int(),
        merged: z.number().int(),
        unchanged: z.number().int(),
        rejected: z.number().int(),
      })
      .describe('Counts per outcome.'),
    credits_used: creditsUsed,
  })
  .meta({ id: 'PushRecordsResult' });

export const pushRecordsOperation = defineOperation({
  name: 'push_records',
  title: 'Push records',
  method: 'POST',
  path: '/v1/records',
  summary: 'Load people or company records into the identity graph',
  description:
    'Operators only (scope `ingest`). Loads up to 1,000 records about people or companies from a named source and ' +
    'resolves each against the identity graph, exactly like a file import: a record joins the person or company it ' +
    'describes (`merged`) or starts a new one (`loaded`); bad records are `rejected` with reasons; sending the same ' +
    'records again changes nothing (`unchanged`).',
  scope: 'ingest',
  input,
  output,
  example: {
    input: {
      kind: 'people',
      source: 'crm',
      records: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@analytical.example', title: 'CTO' }],
    },
  },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `${o.totals.loaded} loaded, ${o.totals.merged} merged, ${o.totals.unchanged} unchanged, ${o.totals.rejected} rejected.`,
  async handler(ctx, input) {
    const outcomes = await ingestRecords(ctx.db, input.kind, input.source, input.records, ctx.caller.orgId);
    const totals = { loaded: 0, merged: 0, unchanged: 0, rejected: 0 };
    for (const o of outcomes) totals[o.outcome]++;
    return {
      results: outcomes.map((o) => ({
        index: o.index,
        outcome: o.outcome,
        ...(o.entityId ? { entity_id: o.entityId } : {}),
        ...(o.reasons ? { reasons: o.reasons } : {}),
      })),
      totals,
      credits_used: 0 as const,
    };
  },
});
