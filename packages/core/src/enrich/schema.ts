import { z } from 'zod';
import { companyProfile } from '../company/profile.js';
import { departments, seniorities } from '../normalize/title.js';
import { employmentEntry, personLocation } from '../person/schema.js';
import { lenientList, lenientNumber } from '../shared/lenient.js';
import { creditsUsed } from '../shared/schema.js';

export const enrichFields = [
  'email',
  'mobile',
  'direct_dial',
  'headcount',
  'revenue',
  'industry',
  'technologies',
  'location',
  'socials',
  'history',
] as const;
export type EnrichField = (typeof enrichFields)[number];

/** Without `fields`: everything but the employment history. */
export const defaultFields: readonly EnrichField[] = enrichFields.filter((f) => f !== 'history');

/** A list given as an array or as one comma-separated string. */
const listOf = <T extends z.ZodType>(item: T) => lenientList(z.array(item));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, {
    error: (issue) => `unknown ${what} \`${String(issue.input)}\`; use one of ${values.join(', ')}`,
  });

export const emailStatuses = ['verified', 'valid', 'accept_all', 'unknown', 'invalid', 'guessed'] as const;

const text = (max = 320) => z.string().trim().min(1).max(max);

/** The identifiers and options of one record (a single call, or one item of `records`). */
export const recordShape = {
  domain: text(2048).optional().describe('Company domain or URL, e.g. `northwind.example`.'),
  email: text().optional(),
  linkedin_url: text(2048).optional().describe('LinkedIn profile URL (`linkedin.com/in/...`).'),
  ip: text(64).optional().describe('Visitor IP: finds the company whose range holds it.'),
  phone: text(64).optional().describe('Phone number, best in E.164 (`+14155550112`).'),
  country: text(2).optional().describe('ISO country code for a national `phone`.'),
  name: text(200).optional().describe('Full name; needs `company` or `domain`.'),
  first_name: text(100).optional().describe('With `last_name` and `company` or `domain`.'),
  last_name: text(100).optional(),
  company: text(200).optional().describe('Company name or domain, to place a `name`.'),
  person_id: text(80).optional().describe('`per_...`, from an earlier result.'),
  fields: listOf(oneOf(enrichFields, 'field'))
    .optional()
    .describe('Data to append (a list or comma-separated). Default: all but history.'),
  titles: listOf(text(100)).optional().describe('Company: contacts whose title contains one of these.'),
  seniority: listOf(oneOf(seniorities, 'seniority'))
    .optional()
    .describe('Company: contacts of these seniorities.'),
  department: listOf(oneOf(departments, 'department'))
    .optional()
    .describe('Company: contacts in these departments.'),
  limit: lenientNumber(z.number().int().min(1).max(100))
    .optional()
    .describe('Most contacts returned (default 10).'),
  min_confidence: lenientNumber(z.number().min(0).max(1))
    .optional()
    .describe('A match below this confidence (0 to 1) is a 404.'),
  required: text(300)
    .optional()
    .describe(
      'Fields a match must have, e.g. `email AND mobile` or `(email OR direct_dial) AND title`; names: email, ' +
        'mobile, direct_dial, phone, linkedin_url, title, location, headcount, revenue, industry, technologies. ' +
        'AND binds tighter than OR.',
    ),
  metadata: z.unknown().optional().describe('Echoed back as sent (e.g. your row id).'),
};

export const recordInput = z.strictObject(recordShape);
export type RecordInput = z.output<typeof recordInput>;

export const maxRecords = 100;

export const enrichInput = z.strictObject({
  ...recordShape,
  records: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(maxRecords)
    .optional()
    .describe(
      `Bulk: up to ${maxRecords} records with the fields of one request, answered in order; top-level options ` +
        'are their defaults.',
    ),
});

export const contact = z.object({
  person_id: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  seniority: z.string().nullable(),
  department: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  email: z.string().nullable().describe('Best address; partly masked for keys without the `pii` scope.'),
  email_status: z
    .enum(emailStatuses)
    .nullable()
    .describe('verified (mailbox confirmed), valid, accept_all, unknown, invalid, or guessed (inferred).'),
  mobile: z.string().nullable().describe('Mobile in E.164 with a leading `+`; masked without `pii`.'),
  direct_dial: z.string().nullable().describe('Direct line in E.164; masked without `pii`.'),
  confidence: z.number().min(0).max(1).describe('How sure we are of this contact and its data, 0 to 1.'),
  company_domain: z.string().nullable(),
  location: personLocation.optional(),
  socials: z.record(z.string(), z.string()).optional().describe('Network to profile URL.'),
  history: z.array(employmentEntry).optional(),
});
export type Contact = z.infer<typeof contact>;

export const enrichCompanyProfile = companyProfile.partial().required({ id: true, domain: true, name: true });

export const matchInfo = z.object({
  entity: z.enum(['person', 'company']).describe('What was matched.'),
  matched_on: z.array(z.string()).describe('The inputs that matched, e.g. ["email", "domain"].'),
  unmatched: z.array(z.string()).describe('Inputs given that found nothing or disagreed.'),
  confidence: z.number().min(0).max(1),
  ambiguous: z.boolean().describe('Several people fit equally (namesakes at one company).'),
});

export const ipInfo = z.object({
  address: z.string(),
  range: z.string(),
  type: z.enum(['company', 'isp', 'hosting', 'education', 'government']),
  asn: z.number().int().nullable(),
  as_name: z.string().nullable(),
  confidence: z.number().min(0).max(1),
});

export const enrichment = z.object({
  company: z.string().nullable().describe('Company name (null only for a person with no known employer).'),
  company_profile: enrichCompanyProfile
    .nullable()
    .describe('The company, with the parts `fields` asked for.'),
  contacts: z.array(contact),
  match: matchInfo,
  ip: ipInfo.optional(),
  metadata: z.unknown().optional(),
  credits_used: creditsUsed,
});
export type Enrichment = z.input<typeof enrichment>;

export const bulkItem = z.object({
  status: z.union([z.literal(200), z.literal(404), z.literal(422)]).describe('Per-record HTTP-style status.'),
  error: z.string().optional().describe('For 404 and 422: not_found or invalid_request.'),
  message: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  metadata: z.unknown().optional(),
  result: enrichment.omit({ credits_used: true, metadata: true }).optional(),
});

export const bulkEnrichment = z.object({
  results: z.array(bulkItem),
  credits_used: creditsUsed,
});

export const enrichOutput = z.union([enrichment, bulkEnrichment]).meta({ id: 'EnrichResponse' });
