import type { Db } from '@dossier/db';
import { invalid } from '../errors.js';
import { addDays } from './dates.js';
import { queryHiring } from './hiring-query.js';
import { queryJobChanges } from './job-change-query.js';
import { normalizeTopic } from './parse.js';
import { resolveCompanies } from './resolve-companies.js';
import { querySurge } from './surge-query.js';
import { type IntentFilters, type IntentItem, type IntentType, intentTypes } from './types.js';

export interface IntentQuery {
  types?: IntentType[];
  /** Company domains (any alias, URL or work email). */
  companies?: string[];
  topics?: string[];
  since?: string;
  until?: string;
  min_score?: number;
  limit?: number;
  cursor?: string;
}

export interface IntentPage {
  data: IntentItem[];
  cursor: string | null;
}

/** Default minimum score: surging accounts, hiring spikes, job changes at least 60% sure. */
export const DEFAULT_MIN_SCORE = 60;
const MAX_OFFSET = 10_000;

interface Cursor {
  offset: number;
  until: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

const decodeCursor = (raw: string): Cursor => {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (Number.isInteger(c.offset) && typeof c.until === 'string' && !Number.isNaN(Date.parse(c.until)))
      return { offset: c.offset as number, until: c.until };
  } catch {}
  throw invalid([{ path: 'cursor', message: 'not a cursor returned by this operation' }]);
};

const parseDate = (field: string, raw: string): Date => {
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw invalid([{ path: field, message: 'not a date or timestamp' }]);
  return date;
};

/** Order across kinds: highest score first, then the newest, then a fixed order (stable pages). */
const compare = (a: IntentItem, b: IntentItem) =>
  b.score - a.score ||
  b.detected_at.localeCompare(a.detected_at) ||
  intentTypes.indexOf(a.type) - intentTypes.indexOf(b.type) ||
  a.company.id.localeCompare(b.company.id) ||
  (a.topic ?? a.person?.id ?? '').localeCompare(b.topic ?? b.person?.id ?? '');

/**
 * Surge, hiring and job-change items, most relevant first, one page at a time. Each kind reads its
 * aggregates with `limit offset + page + 1`, the lists are merged and cut: the cursor is an offset over
 * the merged order, with `until` fixed at the first page so pages do not drift.
 */
export async function queryIntent(db: Db, q: IntentQuery, now: Date): Promise<IntentPage> {
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor && cursor.offset > MAX_OFFSET)
    throw invalid([{ path: 'cursor', message: `pages stop after ${MAX_OFFSET} items; narrow the query` }]);
  const until = q.until ? parseDate('until', q.until) : cursor ? new Date(cursor.until) : now;
  const since = q.since ? parseDate('since', q.since) : null;
  if (since && since > until) throw invalid([{ path: 'since', message: 'must not be after `until`' }]);
  const limit = q.limit ?? 25;
  const offset = cursor?.offset ?? 0;
  const types = q.types?.length ? [...new Set(q.types)] : [...intentTypes];
  let companyIds: string[] | null = null;
  if (q.companies?.length) {
    const resolved = await resolveCompanies(
      db,
      q.companies.map((domain) => ({ domain })),
    );
    companyIds = [...new Set(resolved.flatMap((r) => ('companyId' in r ? [r.companyId] : [])))];
    if (companyIds.length === 0) return { data: [], cursor: null };
  }
  const filters: IntentFilters = {
    types,
    companyIds,
    topics: q.topics?.length ? [...new Set(q.topics.map(normalizeTopic))] : null,
    since: {
      surge: since ?? addDays(until, -7),
      hiring: since ?? addDays(until, -30),
      job_change: since ?? addDays(until, -30),
    },
    until,
    minScore: q.min_score ?? DEFAULT_MIN_SCORE,
  };
  const take = offset + limit + 1;
  const lists = await Promise.all([
    types.includes('surge') ? querySurge(db, filters, take) : [],
    types.includes('hiring') ? queryHiring(db, filters, take) : [],
    types.includes('job_change') ? queryJobChanges(db, filters, take) : [],
  ]);
  const merged = lists.flat().sort(compare);
  const data = merged.slice(offset, offset + limit);
  const more = merged.length > offset + limit;
  return {
    data,
    cursor: more ? encodeCursor({ offset: offset + limit, until: until.toISOString() }) : null,
  };
}
