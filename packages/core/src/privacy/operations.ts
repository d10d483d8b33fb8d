import { z } from 'zod';
import type { Context } from '../context.js';
import { defineOperation } from '../operation.js';
import { accessRequest } from './access-request.js';
import { suppressPerson } from './do-not-contact.js';
import { erase } from './erase.js';
import { parseTarget } from './identifiers.js';
import { setRetention } from './retention.js';

const identifier = z
  .string()
  .min(1)
  .max(2048)
  // The shapes `parseTarget` reads, so the document says what is refused; it still checks each value.
  .regex(
    /^\s*(per_[A-Za-z0-9]+|[^@\s]+@[^@\s]+|\+?[\d\s().-]{6,}|\S*linkedin\.\S+)\s*$/i,
    'must be a person id, an email, an E.164 phone or a LinkedIn profile URL',
  )
  .describe(
    'A person id (`per_...`), an email address, a phone number in E.164 (`+...`) or a LinkedIn profile URL.',
  );

const actorOf = (ctx: Context) => ({ orgId: ctx.caller.orgId, keyId: ctx.caller.keyId });

const removed = z.object({
  source_records: z.number().int(),
  verifications: z.number().int(),
  job_items: z.number().int(),
  jobs: z.number().int(),
});

const operatorNote = 'Operator only (`privacy` scope).';
const operatorDetails =
  'Only `dossier keys create --privacy` grants the `privacy` scope, never to a scoped key.';

export const privacyAccessOperation = defineOperation({
  name: 'privacy_access',
  title: 'Privacy: access request',
  method: 'POST',
  path: '/v1/privacy/access',
  summary: 'Everything held about a person, as one JSON document',
  description:
    'A subject access request: every value held about the people an identifier names, with sources, first and ' +
    `last seen, raw records and where each was used. ${operatorNote}`,
  details:
    'Where it was used: cached verifications, jobs and search facets; the job changes derived from it too. ' +
    `The request is recorded in the audit log by an opaque reference. ${operatorDetails}`,
  scope: 'privacy',
  input: z.object({ identifier }),
  output: z.object({
    request_ref: z.string(),
    generated_at: z.string(),
    people: z.array(z.record(z.string(), z.unknown())),
    suppressed: z.array(z.string()).describe('Identifiers of the request that are on the suppression list.'),
  }),
  example: { input: { identifier: 'jane.doe@northwind.example' } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  handler: (ctx, input) => accessRequest(ctx.db.db, parseTarget(input.identifier), actorOf(ctx)),
});

export const privacyEraseOperation = defineOperation({
  name: 'privacy_erase',
  title: 'Privacy: erase a person',
  method: 'POST',
  path: '/v1/privacy/erase',
  summary: 'Erases a person and every copy, and keeps them out',
  description:
    'Erases the people an identifier names and every copy of them, suppresses their identifiers and makes their ' +
    `ids answer 404 "gone". Idempotent. ${operatorNote}`,
  details:
    'Every copy: contacts, contact cards and lists, search facets, source records, cached verifications, their ' +
    'entries in audience and verification jobs, job changes and resolver keys. A rerun answers the same ' +
    `\`request_ref\` with status \`nothing_held\`. ${operatorDetails}`,
  scope: 'privacy',
  input: z.object({ identifier }),
  output: z.object({
    request_ref: z.string(),
    status: z.enum(['erased', 'nothing_held']),
    people: z.number().int(),
    removed,
    suppressed_identifiers: z.number().int(),
  }),
  example: { input: { identifier: 'jane.doe@northwind.example' } },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  handler: (ctx, input) => erase(ctx.db.db, parseTarget(input.identifier), actorOf(ctx)),
});

export const privacySuppressOperation = defineOperation({
  name: 'privacy_suppress',
  title: 'Privacy: stop contacting a person',
  method: 'POST',
  path: '/v1/privacy/suppress',
  summary: 'Puts a person on the suppression list and removes their contact details',
  description:
    'Do not contact: suppresses the identifiers of the people an identifier names and removes their emails, ' +
    `phones and profiles, for good. Idempotent. ${operatorNote}`,
  details:
    'The suppression list holds keyed hashes only. No import, push or enrichment brings them back, and search, ' +
    `enrich, audiences and verification never return them. ${operatorDetails}`,
  scope: 'privacy',
  input: z.object({ identifier }),
  output: z.object({
    request_ref: z.string(),
    people: z.number().int(),
    suppressed_identifiers: z.number().int(),
    removed_contacts: z.number().int(),
  }),
  example: { input: { identifier: '+14155550100' } },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  handler: (ctx, input) => suppressPerson(ctx.db.db, parseTarget(input.identifier), actorOf(ctx)),
});

const days = z.number().int().min(1).max(36_500).nullable();
const retention = z.object({
  source_record_days: days.describe('Days raw source records are kept; null: until the person is erased.'),
  job_output_days: days.describe(
    'Days finished jobs (audience CSVs, verification results) are kept; null: until erased.',
  ),
  last_sweep_at: z.string().nullable().describe('When the hourly retention sweep last ran.'),
});

export const setPrivacyRetentionOperation = defineOperation({
  name: 'set_privacy_retention',
  title: 'Privacy: set retention',
  method: 'POST',
  path: '/v1/privacy/retention',
  summary: 'How long raw source records and job outputs are kept: read or set',
  description:
    'Sets retention in days (null: until erased; a field left out is unchanged; `{}` answers the settings); an ' +
    `hourly sweep deletes what is older. ${operatorNote}`,
  details: operatorDetails,
  scope: 'privacy',
  input: z.object({ source_record_days: days.optional(), job_output_days: days.optional() }),
  output: retention,
  example: { input: { source_record_days: 365, job_output_days: 30 } },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  handler: (ctx, input) => setRetention(ctx.db.db, input, actorOf(ctx)),
});
