import { z } from 'zod';

/**
 * The window every date or timestamp a caller sends must fall in: wide enough for any business
 * record, narrow enough that no date reaches PostgreSQL out of its range (JavaScript accepts years
 * down to -271821). docs/api.md (Input limits) states it.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2100-01-01';
const earliest = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const latest = Date.parse(`${LATEST_DATE}T00:00:00Z`);

export const DATE_WINDOW_MESSAGE = `must be between ${EARLIEST_DATE} and ${LATEST_DATE}`;

/** True for a valid Date inside the window. */
export const inDateWindow = (date: Date): boolean => {
  const t = date.getTime();
  return !Number.isNaN(t) && t >= earliest && t <= latest;
};

/** The largest values of PostgreSQL's `integer` (int4) column type. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * Numbers closer to zero than this (and not zero) are refused: no score, weight or amount is that
 * small, and below about 1e-38 a `real` column underflows (PostgreSQL answers "out of range").
 */
export const SMALLEST_MAGNITUDE = 1e-30;

/** What is wrong with a number for storage or comparison in the database, or null. */
export function numberProblem(n: number): string | null {
  if (!Number.isFinite(n)) return 'must be a finite number';
  if (n !== 0 && Math.abs(n) < SMALLEST_MAGNITUDE)
    return `must be 0 or at least ${SMALLEST_MAGNITUDE} in magnitude`;
  return null;
}

/** A day, `YYYY-MM-DD`, inside the window. */
export const isoDay = () =>
  z.iso.date().refine((day) => inDateWindow(new Date(`${day}T00:00:00Z`)), { error: DATE_WINDOW_MESSAGE });

/** An ISO date or timestamp (with offset) inside the window; `error` for the shape. */
export const isoDateOrTime = (error: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error })
    .refine((value) => inDateWindow(new Date(value)), { error: DATE_WINDOW_MESSAGE });
