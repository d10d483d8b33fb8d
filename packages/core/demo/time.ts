const DAY = 86_400_000;

/** The start of `date`'s UTC day. */
export const startOfUtcDay = (date: Date): Date => new Date(Math.floor(date.getTime() / DAY) * DAY);

/** `days` (may be fractional) before `date`. */
export const daysBefore = (date: Date, days: number): Date =>
  new Date(date.getTime() - Math.round(days * DAY));

/** `YYYY-MM-DD`, for `date` columns. */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

export const daysBetween = (from: Date, to: Date): number => (to.getTime() - from.getTime()) / DAY;
