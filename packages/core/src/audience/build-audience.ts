import { z } from 'zod';
import { invalid } from '../errors.js';
import { defineOperation } from '../operation.js';
import { creditsUsed } from '../shared/schemas.js';
import { toCsv } from './csv.js';
import { countResult, emptySummary, hashContact } from './hash-contact.js';
import {
  audienceContactSchema,
  audienceNetworkSchema,
  audienceResultSchema,
  audienceSummarySchema,
} from './schema.js';
import { contactsForPeople, enrichContacts } from './stored-contacts.js';

/** Largest list answered in one call; the body limit bounds it too. */
export const maxSyncContacts = 100_000;

const output = z
  .object({
    network: audienceNetworkSchema,
    format: z.enum(['json', 'csv']),
    results: z
      .array(
        audienceResultSchema.extend({
          index: z.number().int().describe('Position in the input: contacts first, then person_ids.'),
          person_id: z.string().optional(),
        }),
      )
      .optional()
      .describe('Per contact, in input order (format json).'),
    csv: z.string().optional().describe("The network's upload file (format csv)."),
    summary: audienceSummarySchema,
    not_found: z.array(z.string()).describe('person_ids that match nobody.'),
    credits_used: creditsUsed,
  })
  .meta({ id: 'Audience' });

export const buildAudience = defineOperation({
  name: 'build_audience',
  title: 'Hashed audience for an ad network',
  method: 'POST',
  path: '/v1/audience',
  summary: 'Normalized and hashed identifiers to match a list on an ad network',
  description:
    "Turns contacts (or stored people by id) into the identifiers an ad network matches on, normalized by that network's " +
    'own rules and hashed in its encoding (SHA-256 hex for most, base64 for UID2, SHA-1 where LiveRamp wants it), under ' +
    "the network's key names. Values that cannot be used are reported per contact, never hashed. `enrich: true` adds the " +
    'stored emails and phones of known people first, which raises match rates. `format: "csv"` returns the upload file. ' +
    'Contact data sent here is not stored. Example: `{"network": "meta", "contacts": [{"email": "Jane.Doe@example.com", "phone": "+1 415 555 0100"}]}`.',
  scope: 'audience',
  input: z.object({
    network: audienceNetworkSchema.describe(
      'google, meta, linkedin, tiktok, x, snapchat, pinterest, microsoft, uid2 or liveramp.',
    ),
    contacts: z.array(audienceContactSchema).max(maxSyncContacts).optional().describe('People to hash.'),
    person_ids: z
      .array(z.string().min(1).max(64))
      .max(10_000)
      .optional()
      .describe('Stored people to hash, by id (per_...).'),
    enrich: z
      .boolean()
      .default(false)
      .describe('Append stored emails and phones of known people before hashing.'),
    format: z
      .enum(['json', 'csv'])
      .default('json')
      .describe('json: identifiers per contact; csv: the network upload file.'),
  }),
  output,
  example: {
    input: {
      network: 'meta',
      contacts: [{ email: 'Jane.Doe@example.com', phone: '+1 415 555 0100', country: 'US' }],
    },
  },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `${o.summary.usable} of ${o.summary.contacts} contacts have at least one usable identifier for ${o.network}.`,
  async handler(ctx, input) {
    if (!input.contacts?.length && !input.person_ids?.length) {
      throw invalid([{ path: 'contacts', message: 'send contacts or person_ids (at least one contact)' }]);
    }
    const { db } = ctx.db;
    const given =
      input.enrich && input.contacts ? await enrichContacts(db, input.contacts) : (input.contacts ?? []);
    const stored = input.person_ids
      ? await contactsForPeople(db, input.person_ids)
      : { contacts: [], notFound: [] };
    const summary = emptySummary();
    const results = [
      ...given.map((contact) => ({ contact, personId: undefined as string | undefined })),
      ...stored.contacts.map(({ contact, personId }) => ({ contact, personId })),
    ].map(({ contact, personId }, index) => {
      const result = hashContact(input.network, contact);
      countResult(summary, result);
      return { index, ...(personId ? { person_id: personId } : {}), ...result };
    });
    const common = { network: input.network, summary, not_found: stored.notFound, credits_used: 0 as const };
    return input.format === 'csv'
      ? { ...common, format: 'csv' as const, csv: toCsv(input.network, results) }
      : { ...common, format: 'json' as const, results };
  },
});
