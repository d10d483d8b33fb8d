import { z } from 'zod';
import { lenientList, lenientNumber } from '../shared/lenient.js';
import { isoDateOrTime } from '../shared/ranges.js';
import { creditsUsed } from '../shared/schema.js';
import { intentTypes } from './types.js';

const companyRef = z.object({
  id: z.string().describe('Company id.'),
  domain: z.string().describe('Primary domain.'),
  name: z.string().describe('Company name.'),
});

export const intentItem = z
  .object({
    type: z.enum(intentTypes).describe('`surge`, `hiring` or `job_change`.'),
    company: companyRef.describe('The account: the surging or hiring company, or the new employer.'),
    topic: z.string().optional().describe('Surge only: the researched topic.'),
    score: z
      .number()
      .min(0)
      .max(100)
      .describe('0 to 100: 50 is normal, 60 or more is surging (a spike); job changes: confidence x 100.'),
    trend: z.number().optional().describe('Surge only: score points against the week before.'),
    evidence: z
      .record(z.string(), z.unknown())
      .describe(
        "Why: surge gives this week's events and volume, the 12-week baseline mean and spread, the expected volume, " +
          "the topic's typical company, distinct sources and the account score across topics with its components; " +
          'hiring gives the last 30 days against the 6 months before, per department.',
      ),
    person: z
      .object({
        id: z.string().describe('Person id.'),
        name: z.string().describe('Full name.'),
        from_company: companyRef.nullable().describe('Previous employer.'),
        to_company: companyRef.nullable().describe('New employer.'),
        old_title: z.string().nullable().describe('Title before.'),
        new_title: z.string().nullable().describe('Title after.'),
        is_promotion: z.boolean().describe('The new title ranks above the old one in seniority.'),
        confidence: z.number().describe('0..1: how sure resolution is that this is the same person.'),
      })
      .optional()
      .describe('Job change only: who moved.'),
    detected_at: z
      .string()
      .describe('ISO timestamp: end of the surge week, latest posting day, or the change.'),
  })
  .meta({ id: 'IntentItem' });

const when = isoDateOrTime('expected an ISO date (2026-11-01) or timestamp (2026-11-01T00:00:00Z)').describe(
  'ISO date (`2026-11-01`) or timestamp (`2026-11-01T00:00:00Z`).',
);

export const intentInput = z.object({
  types: lenientList(z.array(z.enum(intentTypes)).min(1))
    .optional()
    .describe('Kinds to report (default all).'),
  companies: lenientList(z.array(z.string().min(1).max(253)).max(1000))
    .optional()
    .describe('Only these companies, by domain, URL or work email.'),
  topics: lenientList(z.array(z.string().min(1).max(100)).max(100))
    .optional()
    .describe('Surge only: these topics (see list_intent_topics). Hiring and job changes have no topic.'),
  since: when
    .optional()
    .describe('Start of the window (default: `until` less 7 days for surge, 30 for hiring and job changes).'),
  until: when.optional().describe('End of the window (default: now). Hiring is measured as of this day.'),
  min_score: lenientNumber(z.number().min(0).max(100))
    .optional()
    .describe('Lowest score to report (default 60).'),
  limit: lenientNumber(z.number().int().min(1).max(100))
    .optional()
    .describe('Items per page, 1 to 100 (default 25).'),
  cursor: z.string().max(500).optional().describe('`cursor` from the previous page.'),
});

export const intentOutput = z
  .object({
    data: z.array(intentItem).describe('Most relevant first: highest score, then newest.'),
    cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
    credits_used: creditsUsed,
  })
  .meta({ id: 'IntentResponse' });

const text = (what: string) => z.string().max(2000).optional().describe(what);

export const signalRowInput = z.object({
  id: text('Your id for the signal: pushing the same id again is a no-op (idempotent retries).'),
  company: text('Company id (`cmp_...`). One of company, domain or ip is required.'),
  domain: text('Company domain (any alias, URL or work email).'),
  ip: text('Visitor IP address: resolved through the IP ranges; ISP and hosting ranges are rejected.'),
  topic: text('Topic researched, e.g. `crm software` (required; folded to lower case).'),
  time: text('When it happened: ISO timestamp (required; not more than a day ahead).'),
  weight: z.number().optional().describe('Strength of the signal, above 0 and at most 1000 (default 1).'),
  source: text('Where the signal came from, e.g. `web` or a feed name.'),
});

export const postingRowInput = z.object({
  company: text('Company id (`cmp_...`). One of company or domain is required.'),
  domain: text('Company domain (any alias, URL or work email).'),
  title: text('Job title (required).'),
  department: text(
    'Department; inferred from the title when absent ("Senior Backend Engineer" -> engineering).',
  ),
  location: text('Where, e.g. `Berlin, DE` or `Remote`.'),
  posted_at: text('ISO date or timestamp the posting went up (required).'),
  closed_at: text('ISO date or timestamp it closed, if it did.'),
  url: text('Posting page: with the company, its key (pushing it again updates it).'),
  source: text('Where it came from, e.g. a job board.'),
});

export const rejectedRows = z
  .array(z.object({ index: z.number().int().describe('Row position (0-based).'), reason: z.string() }))
  .describe('Rows not stored, each with the field at fault.');
