import { type Department, departments, normalizeTitle } from '../normalize/title.js';
import type { TransactionalDb } from './ingest-signals.js';
import { isReason, optionalText, type Parsed, parseTime } from './parse.js';
import { type CompanyRef, resolveCompanies } from './resolve-companies.js';
import { type NewPosting, upsertJobPostings } from './store.js';

/** One job posting as pushed or imported. */
export interface JobPostingRow extends Omit<CompanyRef, 'ip'> {
  title?: unknown;
  /** Absent: inferred from the title ("Senior Backend Engineer" -> engineering). */
  department?: unknown;
  location?: unknown;
  posted_at?: unknown;
  closed_at?: unknown;
  /** The posting's page; with the company, its natural key (pushing it again updates it). */
  url?: unknown;
  source?: unknown;
}

export type JobPostingOutcome =
  | { status: 'inserted' | 'updated'; company_id: string; department: string | null }
  | { status: 'duplicate'; company_id: string; department: string | null }
  | { status: 'rejected'; reason: string };

const known = new Set<string>(departments);

/** A department as given (folded to the known names when it is one), else the title's. */
export const departmentFor = (title: string, given: string | null): string | null => {
  if (given) {
    const folded = given
      .toLowerCase()
      .trim()
      .replace(/[\s-]+/g, '_');
    if (known.has(folded)) return folded as Department;
    return normalizeTitle(given)?.department ?? folded;
  }
  return normalizeTitle(title)?.department ?? null;
};

const parseUrl = (raw: unknown): Parsed<string | null> => {
  const text = optionalText('url', raw, 2000);
  if (isReason(text) || !text.value) return text;
  try {
    const url = new URL(text.value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { reason: 'url: must be http or https' };
    return { value: url.toString() };
  } catch {
    return { reason: 'url: not a URL' };
  }
};

interface Ready extends NewPosting {
  index: number;
}

/**
 * Validates, resolves and upserts job postings; one outcome per row, in order. Idempotent on
 * (company, url): a posting pushed again is updated (title, department, location, closing date) and
 * keeps its first `posted_at`, so the hiring aggregates (kept by a trigger on insert) stay exact.
 */
export async function ingestJobPostings(
  db: TransactionalDb,
  rows: readonly JobPostingRow[],
  options: { now?: Date; defaultSource?: string } = {},
): Promise<JobPostingOutcome[]> {
  const now = options.now ?? new Date();
  const out: JobPostingOutcome[] = new Array(rows.length);
  return db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 5000) {
      const chunk = rows.slice(start, start + 5000);
      const resolved = await resolveCompanies(
        tx,
        chunk.map((r) => ({ company: r.company, domain: r.domain })),
      );
      const byKey = new Map<string, Ready>();
      const ready: Ready[] = [];
      chunk.forEach((row, i) => {
        const index = start + i;
        const company = resolved[i] ?? { reason: 'company: unresolved' };
        const title = optionalText('title', row.title, 300);
        const given = optionalText('department', row.department, 100);
        const location = optionalText('location', row.location, 300);
        const posted = parseTime('posted_at', row.posted_at, now);
        const closed: Parsed<Date | null> =
          row.closed_at === undefined || row.closed_at === null || row.closed_at === ''
            ? { value: null }
            : parseTime('closed_at', row.closed_at, now);
        const url = parseUrl(row.url);
        const source = optionalText('source', row.source, 100);
        const failed = ([title, given, location, posted, closed, url, source] as Parsed<unknown>[]).find(
          isReason,
        );
        if ('reason' in company || failed) {
          out[index] = {
            status: 'rejected',
            reason: 'reason' in company ? company.reason : (failed?.reason ?? ''),
          };
          return;
        }
        if (
          isReason(title) ||
          isReason(given) ||
          isReason(location) ||
          isReason(posted) ||
          isReason(closed) ||
          isReason(url) ||
          isReason(source)
        )
          return;
        if (!title.value) {
          out[index] = { status: 'rejected', reason: 'title: required' };
          return;
        }
        if (closed.value && closed.value < posted.value) {
          out[index] = { status: 'rejected', reason: 'closed_at: before posted_at' };
          return;
        }
        const item: Ready = {
          index,
          companyId: company.companyId,
          title: title.value,
          department: departmentFor(title.value, given.value),
          location: location.value,
          postedAt: posted.value.toISOString(),
          closedAt: closed.value ? closed.value.toISOString() : null,
          url: url.value,
          source: source.value ?? options.defaultSource ?? null,
        };
        // The same posting twice in one batch: the last one wins, the earlier is a duplicate.
        if (item.url) {
          const key = `${item.companyId} ${item.url}`;
          const earlier = byKey.get(key);
          if (earlier) {
            out[earlier.index] = {
              status: 'duplicate',
              company_id: earlier.companyId,
              department: earlier.department,
            };
            ready.splice(ready.indexOf(earlier), 1);
          }
          byKey.set(key, item);
        }
        ready.push(item);
      });
      if (ready.length === 0) continue;
      const returned = await upsertJobPostings(tx, ready);
      const created = new Map(returned.map((r) => [`${r.company_id} ${r.url}`, r.created]));
      for (const r of ready) {
        const isNew = r.url ? (created.get(`${r.companyId} ${r.url}`) ?? true) : true;
        out[r.index] = {
          status: isNew ? 'inserted' : 'updated',
          company_id: r.companyId,
          department: r.department,
        };
      }
    }
    return out;
  });
}
