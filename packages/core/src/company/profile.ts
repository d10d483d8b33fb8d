import { z } from 'zod';
import { creditsUsed } from '../shared/schema.js';

export const employeeRanges = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10001+',
] as const;

/** The range bucket for an employee count. */
export function employeeRange(count: number | null | undefined): (typeof employeeRanges)[number] | null {
  if (count == null || count < 1) return null;
  const bounds = [10, 50, 200, 500, 1000, 5000, 10000];
  const index = bounds.findIndex((upper) => count <= upper);
  return employeeRanges[index === -1 ? employeeRanges.length - 1 : index] ?? null;
}

export const technology = z.object({
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  detected_by: z
    .string()
    .describe('How it was found: mx, spf, txt, ns, cname, html, script, header, cookie, import, ...'),
  source: z
    .enum(['stored', 'live', 'both'])
    .describe('Stored data, found by a live scan of the domain, or both (the scan confirmed it).'),
  live_detected_by: z
    .array(z.string())
    .optional()
    .describe('For live findings: every kind of evidence the scan saw, strongest first.'),
  first_seen: z.string().nullable(),
  last_seen: z.string().nullable(),
});

const location = z.object({
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2 code.'),
});

export const companyProfile = z
  .object({
    id: z.string().nullable().describe('Opaque company id, `cmp_...`; null for a company seen only live.'),
    domain: z.string(),
    name: z.string(),
    legal_name: z.string().nullable(),
    description: z.string().nullable(),
    industry: z.string().nullable(),
    employee_count: z.number().int().nullable(),
    employee_range: z.enum(employeeRanges).nullable(),
    revenue_range: z.string().nullable(),
    founded_year: z.number().int().nullable(),
    type: z.string().nullable(),
    headquarters: location,
    locations: z.array(location.extend({ hq: z.boolean() })),
    phone: z.string().nullable(),
    socials: z.record(z.string(), z.string()),
    alias_domains: z.array(z.string()),
    tags: z.array(z.string()),
    technologies: z.array(technology),
  })
  .meta({ id: 'CompanyProfile' });
export type CompanyProfile = z.infer<typeof companyProfile>;

export const companyResponse = companyProfile
  .extend({ credits_used: creditsUsed })
  .meta({ id: 'CompanyResponse' });
