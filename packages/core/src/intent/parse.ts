import { DATE_WINDOW_MESSAGE, inDateWindow, numberProblem } from '../shared/ranges.js';

/** Field parsers shared by the ingest paths: each returns a value or a reason naming the field. */

export type Parsed<T> = { value: T } | { reason: string };

const MAX_FUTURE_MS = 86_400_000;

/** An ISO date or timestamp (or a Date); not more than a day ahead of `now`. */
export const parseTime = (field: string, raw: unknown, now: Date): Parsed<Date> => {
  const date =
    raw instanceof Date ? raw : typeof raw === 'string' && raw.trim() ? new Date(raw.trim()) : null;
  if (!date || Number.isNaN(date.getTime())) return { reason: `${field}: not a date or timestamp` };
  if (!inDateWindow(date)) return { reason: `${field}: ${DATE_WINDOW_MESSAGE}` };
  if (date.getTime() > now.getTime() + MAX_FUTURE_MS) return { reason: `${field}: in the future` };
  return { value: date };
};

/** Topics are compared folded: lower case, single spaces. */
export const normalizeTopic = (raw: string): string => raw.trim().toLowerCase().replace(/\s+/g, ' ');

export const parseTopic = (raw: unknown): Parsed<string> => {
  if (typeof raw !== 'string' || !raw.trim()) return { reason: 'topic: required' };
  const topic = normalizeTopic(raw);
  return topic.length > 100 ? { reason: 'topic: longer than 100 characters' } : { value: topic };
};

/** Default 1; a positive number up to 1,000 (a string from a CSV file is accepted). */
export const parseWeight = (raw: unknown): Parsed<number> => {
  if (raw === undefined || raw === null || raw === '') return { value: 1 };
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  if (numberProblem(n) || n <= 0 || n > 1000)
    return { reason: 'weight: must be a number above 0 and at most 1000' };
  return { value: n };
};

/** Optional short text, trimmed; empty is absent. */
export const optionalText = (field: string, raw: unknown, max = 200): Parsed<string | null> => {
  if (raw === undefined || raw === null) return { value: null };
  if (typeof raw !== 'string') return { reason: `${field}: must be text` };
  const value = raw.trim();
  if (value.length > max) return { reason: `${field}: longer than ${max} characters` };
  return { value: value || null };
};

export const isReason = <T>(p: Parsed<T>): p is { reason: string } => 'reason' in p;
