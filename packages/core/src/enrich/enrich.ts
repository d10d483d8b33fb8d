import { canSeePii } from '../context.js';
import { isDossierError } from '../errors.js';
import { defineOperation } from '../operation.js';
import { fieldIssues } from '../shared/validate.js';
import { type EnrichDeps, enrichRecord } from './enrich-record.js';
import { enrichInput, enrichOutput, recordInput, recordShape } from './schema.js';

/** Top-level options every bulk record inherits unless it sets its own. */
const inherited = [
  'fields',
  'titles',
  'seniority',
  'department',
  'limit',
  'min_confidence',
  'required',
] as const;
const identifying = Object.keys(recordShape).filter(
  (k) => !(inherited as readonly string[]).includes(k) && k !== 'metadata' && k !== 'country',
);

export const enrichOperation = defineOperation({
  name: 'enrich',
  title: 'Enrich a person or company',
  method: 'POST',
  path: '/v1/enrich',
  summary: 'Append verified email, direct dial and firmographics to known records',
  description:
    'Send what you know; get the company and its contacts, or the person. A company by `domain`, `company` or ' +
    '`ip`; a person by `email`, `linkedin_url`, `phone`, `person_id`, or a name with `company` or `domain`. ' +
    '`min_confidence` and `required` make weak matches 404. Bulk: `records`.',
  details:
    "A company's contacts are picked by `titles`, `seniority`, `department` and `limit`. `fields` picks what to " +
    'append. Up to 100 bulk records are answered in order.',
  scope: 'enrich',
  input: enrichInput,
  output: enrichOutput,
  example: { input: { domain: 'northwind.example', fields: 'email,mobile,headcount' } },
  readOnly: true,
  replicaReads: true,
  idempotent: true,
  openWorld: true,
  summarize: (o) =>
    'results' in o
      ? `${o.results.filter((r) => r.status === 200).length} of ${o.results.length} records matched.`
      : `${o.company ?? 'No company'}: ${o.contacts.length} contact(s), matched on ${o.match.matched_on.join(', ')} ` +
        `with confidence ${o.match.confidence}.`,
  async handler(ctx, input) {
    const deps: EnrichDeps = { db: ctx.db.db, verifier: ctx.verifier, pii: canSeePii(ctx.caller) };
    const { records, ...single } = input;
    if (!records) {
      const result = await enrichRecord(deps, single);
      return {
        ...result,
        ...(single.metadata !== undefined ? { metadata: single.metadata } : {}),
        credits_used: 0 as const,
      };
    }
    const defaults = Object.fromEntries(
      inherited.flatMap((k) => (single[k] !== undefined ? [[k, single[k]]] : [])),
    );
    const stray = identifying.filter((k) => single[k as keyof typeof single] !== undefined);
    // Records run one after another: each is a handful of indexed queries, and the pool stays free.
    const results = [];
    for (const raw of records) {
      const metadata = raw.metadata;
      const echo = metadata !== undefined ? { metadata } : {};
      if (stray.length) {
        results.push({
          status: 422 as const,
          error: 'invalid_request',
          message: `identifiers go inside each record, not beside \`records\`: ${stray.join(', ')}`,
          ...echo,
        });
        continue;
      }
      const parsed = recordInput.safeParse({ ...defaults, ...raw });
      if (!parsed.success) {
        const issues = fieldIssues(parsed.error);
        results.push({
          status: 422 as const,
          error: 'invalid_request',
          message: issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
          issues,
          ...echo,
        });
        continue;
      }
      try {
        results.push({ status: 200 as const, result: await enrichRecord(deps, parsed.data), ...echo });
      } catch (error) {
        if (!isDossierError(error) || (error.code !== 'not_found' && error.code !== 'invalid_request'))
          throw error;
        results.push({
          status: error.code === 'not_found' ? (404 as const) : (422 as const),
          error: error.code,
          message: error.message,
          ...(error.issues ? { issues: error.issues } : {}),
          ...echo,
        });
      }
    }
    return { results, credits_used: 0 as const };
  },
});
