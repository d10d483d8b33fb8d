const DAY = 86_400_000;

/** Monday 00:00 UTC of the ISO week holding `date`, as YYYY-MM-DD (the aggregates' `week`). */
export const weekOf = (date: Date): string => {
  const day = Math.floor(date.getTime() / DAY);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY).toISOString().slice(0, 10);
};

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY);

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
