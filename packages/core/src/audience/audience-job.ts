import type { JobKind } from '../jobs/types.js';
import { jsonOf } from '../shared/sql-rows.js';
import { countResult, emptySummary, hashAudience } from './hash-contact.js';
import type { AudienceNetwork } from './networks.js';
import type { AudienceResult, AudienceSummary } from './schema.js';
import { audienceJobParts } from './store.js';
import { contactsForPeople } from './stored-contacts.js';

export const AUDIENCE_JOB_KIND = 'audience';

/** One result in a job, with its position in the whole list. */
export type IndexedResult = AudienceResult & { index: number; person_id?: string };

/**
 * What an audience job stores per item. Contacts sent in the request arrive already hashed
 * (`hashed`): the raw values are never written. Stored people (by id or found by a search) are
 * read and hashed by the job (`person_ids`), so only their ids are stored until then.
 */
export type AudienceJobItem = { hashed: IndexedResult[] } | { person_ids: string[]; first_index: number };

/** What a finished item holds: the results for `person_ids` items (hashed items keep theirs in the input). */
export interface AudienceItemResult {
  summary: AudienceSummary;
  results?: IndexedResult[];
  not_found?: string[];
}

/** The job's input row: the request's settings and counts, never contact data. */
export interface AudienceJobInput {
  network: AudienceNetwork;
  contacts: number;
  /** Contacts per item, in item order (for exact progress in contacts). */
  chunk_sizes: number[];
  sources: { contacts: number; person_ids: number; search?: { query: string; filters?: unknown } };
  enrich: boolean;
  request_id?: string;
}

/** The results an item holds, wherever they are stored. */
export const itemResults = (input: unknown, result: unknown): IndexedResult[] =>
  (result as AudienceItemResult | null)?.results ?? (input as { hashed?: IndexedResult[] }).hashed ?? [];

const addSummary = (total: AudienceSummary, part: AudienceSummary) => {
  total.contacts += part.contacts;
  total.usable += part.usable;
  for (const [key, n] of Object.entries(part.identifiers))
    total.identifiers[key] = (total.identifiers[key] ?? 0) + n;
  for (const [key, n] of Object.entries(part.rejected)) total.rejected[key] = (total.rejected[key] ?? 0) + n;
};

/** Ids that matched nobody are listed in the job's result up to this many; all are counted. */
const NOT_FOUND_LISTED = 1_000;

/**
 * The `audience` job kind. Hashed items only need counting; id items are looked up (stored emails
 * and phones, merges followed) and hashed with the job's network. Items are independent, so a
 * restart resumes at the first unfinished one and nothing is hashed twice into the results.
 */
export const audienceJobKind = (
  options: { chunkSize?: number } = {},
): JobKind<AudienceJobItem, AudienceItemResult> => ({
  // Items per batch: each item is already up to 1,000 contacts.
  chunkSize: options.chunkSize ?? 5,
  async processItems(ctx, items) {
    const { network } = ctx.job.input as unknown as AudienceJobInput;
    const out: { result: AudienceItemResult }[] = [];
    for (const item of items) {
      const input = item.input;
      if ('hashed' in input) {
        const summary = emptySummary();
        for (const result of input.hashed) countResult(summary, result);
        out.push({ result: { summary } });
        continue;
      }
      const stored = await contactsForPeople(ctx.database.db, input.person_ids, { handles: network === 'x' });
      const { results, summary } = hashAudience(
        network,
        stored.contacts.map((c) => c.contact),
      );
      // Positions follow the id list, so an id that matched nobody leaves a gap, as in the sync answer.
      const notFound = new Set(stored.notFound);
      const indexed: IndexedResult[] = [];
      let found = 0;
      input.person_ids.forEach((id, i) => {
        if (notFound.has(id)) return;
        const result = results[found];
        const personId = stored.contacts[found]?.personId;
        found++;
        if (result) indexed.push({ index: input.first_index + i, person_id: personId, ...result });
      });
      out.push({ result: { summary, results: indexed, not_found: stored.notFound } });
    }
    return out;
  },
  async finish(ctx) {
    const rows = await audienceJobParts(ctx.database, ctx.job.id);
    const summary = emptySummary();
    const notFound: string[] = [];
    let notFoundCount = 0;
    for (const row of rows) {
      const part = jsonOf<AudienceSummary | null>(row.summary);
      if (part) addSummary(summary, part);
      const missing = jsonOf<string[] | null>(row.not_found);
      if (!missing) continue;
      notFoundCount += missing.length;
      for (const id of missing) if (notFound.length < NOT_FOUND_LISTED) notFound.push(id);
    }
    return { summary, not_found: notFound, not_found_count: notFoundCount };
  },
});
