import { z } from 'zod';
import { audienceFields, audienceNetworks } from './networks.js';

export const audienceNetworkSchema = z.enum(audienceNetworks);

// Up to ten values: `enrich` may append stored emails and phones to what the caller sent.
const oneOrMany = z.union([z.string().max(320), z.array(z.string().max(320)).max(10)]);
const text = z.string().max(200);

/**
 * One person to hash. Every field is optional; empty strings count as absent. An unknown field is
 * refused (a silently dropped `handle` would hash nothing), naming the fields a contact takes.
 */
export const audienceContactSchema = z.strictObject(
  {
    email: oneOrMany.optional(),
    phone: oneOrMany.optional(),
    first_name: text.optional(),
    last_name: text.optional(),
    /** ISO 3166-1 alpha-2; also the default region for national phone numbers. */
    country: text.optional(),
    zip: text.optional(),
    city: text.optional(),
    state: text.optional(),
    /** Date of birth as YYYY-MM-DD (or YYYYMMDD, YYYY/MM/DD). */
    dob: text.optional(),
    gender: text.optional(),
    external_id: text.optional(),
    /** Mobile advertising id (IDFA or GAID). */
    maid: text.optional(),
    /** X (Twitter) handle: `@AdsAPI`, `AdsAPI` or `https://x.com/AdsAPI`. */
    handle: text.optional(),
    /** X (Twitter) numeric user id, e.g. `783214`. */
    twitter_id: text.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field; a contact takes ${audienceFields.join(', ')} (each network hashes the ones its rules list)`
        : undefined,
  },
);
export type AudienceContact = z.infer<typeof audienceContactSchema>;

export const audienceRejectionSchema = z.object({
  field: z.string(),
  reason: z.string(),
});
export type AudienceRejection = z.infer<typeof audienceRejectionSchema>;

export const audienceResultSchema = z.object({
  /** Normalized and encoded values under the network's own key names. */
  identifiers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Fields that could not be used, and why. */
  rejected: z.array(audienceRejectionSchema),
});
export type AudienceResult = z.infer<typeof audienceResultSchema>;

export const audienceSummarySchema = z.object({
  contacts: z.number().int(),
  /** Contacts with at least one usable identifier. */
  usable: z.number().int(),
  /** Contacts having each identifier, by the network's key name. */
  identifiers: z.record(z.string(), z.number().int()),
  /** Contacts with a rejected value, by input field. */
  rejected: z.record(z.string(), z.number().int()),
});
export type AudienceSummary = z.infer<typeof audienceSummarySchema>;

/** A result with its place in the list sent: contacts first, then person_ids, then people a search found. */
export const audienceIndexedResultSchema = audienceResultSchema.extend({
  index: z.number().int().describe('Position in the input: contacts first, then person_ids, then search.'),
  person_id: z.string().optional(),
});
