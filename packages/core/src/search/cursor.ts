import { createHash } from 'node:crypto';
import { invalid } from '../errors.js';

/** Where the previous page ended: its last row's score and id, and the search it belongs to. */
export interface CursorPosition {
  score: number;
  id: string;
  /** The first page's total, carried along so later pages need not count again. */
  total: number;
  estimate: boolean;
}

// Not a secret: the checksum only makes a changed cursor fail loudly instead of paging oddly.
// A forged cursor can only start a page elsewhere in results the caller may read anyway.
const check = (payload: string): string =>
  createHash('sha256').update(`dossier-search-cursor:${payload}`).digest('base64url').slice(0, 12);

/** A short fingerprint of the search (entity, query and effective filters) a cursor continues. */
export const searchFingerprint = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

export const encodeCursor = (search: string, at: CursorPosition): string => {
  const payload = Buffer.from(
    JSON.stringify({ v: 1, q: search, s: at.score, i: at.id, t: at.total, e: at.estimate }),
  ).toString('base64url');
  return `${payload}.${check(payload)}`;
};

const bad = (message: string) => invalid([{ path: 'cursor', message }]);

/** Reads a cursor of the same search, or throws `invalid_request` on `cursor`. */
export const decodeCursor = (cursor: string, search: string): CursorPosition => {
  const [payload, sum, ...rest] = cursor.split('.');
  if (!payload || !sum || rest.length > 0 || check(payload) !== sum)
    throw bad('not a cursor this service issued');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw bad('not a cursor this service issued');
  }
  const v = value as { v?: unknown; q?: unknown; s?: unknown; i?: unknown; t?: unknown; e?: unknown };
  if (
    v.v !== 1 ||
    typeof v.q !== 'string' ||
    !Number.isSafeInteger(v.s) ||
    typeof v.i !== 'string' ||
    !Number.isSafeInteger(v.t) ||
    typeof v.e !== 'boolean'
  )
    throw bad('not a cursor this service issued');
  if (v.q !== search)
    throw bad('belongs to a different search: send the same query and filters, or no cursor');
  return { score: v.s as number, id: v.i, total: v.t as number, estimate: v.e };
};
