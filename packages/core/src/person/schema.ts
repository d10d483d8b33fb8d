import { z } from 'zod';
import { creditsUsed } from '../shared/schema.js';

/** Where a value came from and how often it was seen: on every stored value. */
export const provenance = {
  first_seen: z.string().describe('ISO time the value was first seen.'),
  last_seen: z.string().describe('ISO time the value was last confirmed.'),
  num_sources: z.number().int().describe('How many sources gave this value.'),
};

export const personEmail = z.object({
  email: z.string().describe('The address; partly masked for keys without the `pii` scope.'),
  type: z.enum(['work', 'personal']),
  status: z.string().describe('verified, valid, accept_all, unknown or invalid.'),
  verified_at: z.string().nullable(),
  ...provenance,
});

export const personPhone = z.object({
  number: z.string().describe('E.164 with a leading `+`; partly masked without the `pii` scope.'),
  type: z.enum(['mobile', 'direct', 'office']),
  status: z.string(),
  ...provenance,
});

export const personProfile = z.object({
  network: z.string().describe('linkedin, twitter, github, ...'),
  handle: z.string(),
  url: z.string(),
  ...provenance,
});

export const employmentEntry = z.object({
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  company_domain: z.string().nullable(),
  title: z.string().nullable(),
  seniority: z.string().nullable(),
  department: z.string().nullable(),
  started_at: z.string().nullable().describe('YYYY-MM-DD'),
  ended_at: z.string().nullable().describe('YYYY-MM-DD; null while current.'),
  is_current: z.boolean(),
  ...provenance,
});

export const personLocation = z.object({
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2 code.'),
});

/** Only for keys with the `pii` scope; identity numbers show their last four characters only. */
export const personalAttributes = z
  .object({
    middle_name: z.string().nullable(),
    native_name: z.string().nullable().describe('The name in its own script, beside a Latin one.'),
    date_of_birth: z.string().nullable().describe('YYYY-MM-DD, or YYYY-MM / YYYY when only part is known.'),
    gender: z.enum(['female', 'male', 'other']).nullable(),
    address: z.string().nullable().describe('Street line of the postal address.'),
    postcode: z.string().nullable(),
    identity_numbers: z
      .object({
        ssn: z.string().nullable(),
        passport: z.string().nullable(),
        drivers_license: z.string().nullable(),
        national_id: z.string().nullable(),
      })
      .describe('Masked to the last four characters (`*****6789`): kept for matching, never returned whole.'),
  })
  .nullable();

export const personRecord = z.object({
  id: z.string().describe('Opaque person id, `per_...` (the survivor when the asked id was merged).'),
  merged_from: z
    .string()
    .nullable()
    .describe('The id that was asked for when it was merged into this record; null otherwise.'),
  full_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  seniority: z.string().nullable(),
  department: z.string().nullable(),
  company: z
    .object({ id: z.string(), domain: z.string(), name: z.string() })
    .nullable()
    .describe('The current company.'),
  location: personLocation,
  emails: z.array(personEmail),
  phones: z.array(personPhone),
  profiles: z.array(personProfile),
  employment: z.array(employmentEntry).describe('Current job first, then past jobs, newest first.'),
  provenance: z
    .object(provenance)
    .describe('For the record itself (names, title, location): first and last seen, and sources.'),
  masked: z.boolean().describe('True when emails and phones are partly masked (key without `pii`).'),
  personal: personalAttributes
    .optional()
    .describe(
      'Date of birth, gender, middle and native-script names, street address, postcode and masked identity ' +
        'numbers; only for keys with the `pii` scope (absent otherwise), null when none are known.',
    ),
});
export type PersonRecord = z.infer<typeof personRecord>;

export const personResponse = personRecord.extend({ credits_used: creditsUsed }).meta({ id: 'Person' });
