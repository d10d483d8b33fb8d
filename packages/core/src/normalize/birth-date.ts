const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** Countries that write dates month first (04/09/1956 is April 9). */
const MONTH_FIRST = new Set(['US', 'PH', 'FM', 'MH', 'PW']);

const pad = (n: number) => String(n).padStart(2, '0');

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const fullYear = (text: string, now: Date): number => {
  const n = Number(text);
  if (text.length !== 2) return n;
  const century = now.getUTCFullYear() % 100;
  return n > century ? 1900 + n : 2000 + n;
};

/**
 * A date of birth as ISO text: `YYYY-MM-DD`, or `YYYY-MM` / `YYYY` when the source gives only part.
 * Reads ISO and compact forms (1956-04-09, 19560409), day-first and month-first numeric dates
 * (09/04/1956: day first unless the day cannot be a month, or the country writes month first, as the
 * US does), and month names (9 April 1956, Apr 9, 1956, Apr 1956). Null when the text is not a date
 * of birth: not a calendar date, before 1850 or in the future.
 */
export const parseBirthDate = (
  raw: string | null | undefined,
  options: { country?: string | null; now?: Date } = {},
): string | null => {
  if (!raw) return null;
  const now = options.now ?? new Date();
  const text = raw
    .trim()
    .toLowerCase()
    .replace(/t\d{2}:\d{2}.*$/, '');
  let y: number | undefined;
  let m: number | undefined;
  let d: number | undefined;
  const ymd = /^(\d{4})[-/. ](\d{1,2})[-/. ](\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const numeric = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4}|\d{2})$/.exec(text);
  const ym = /^(\d{4})[-/.](\d{1,2})$/.exec(text);
  if (ymd) {
    [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  } else if (numeric) {
    const a = Number(numeric[1]);
    const b = Number(numeric[2]);
    y = fullYear(numeric[3] as string, now);
    const monthFirst = a <= 12 && (b > 12 || MONTH_FIRST.has((options.country ?? '').trim().toUpperCase()));
    [m, d] = monthFirst ? [a, b] : [b, a];
  } else if (ym) {
    [y, m] = [Number(ym[1]), Number(ym[2])];
  } else if (/^\d{4}$/.test(text)) {
    y = Number(text);
  } else {
    const words = text
      .replace(/,/g, ' ')
      .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
      .split(/[\s\-/.]+/)
      .filter(Boolean);
    const month = words.findIndex((w) => MONTHS[w] !== undefined);
    const numbers = words.filter((w) => /^\d+$/.test(w));
    if (month < 0 || words.length !== numbers.length + 1 || numbers.length < 1 || numbers.length > 2)
      return null;
    m = MONTHS[words[month] as string];
    const year = numbers.find((n) => n.length === 4);
    if (!year) return null;
    y = Number(year);
    const day = numbers.find((n) => n !== year);
    if (day !== undefined) d = Number(day);
  }
  if (y === undefined || y < 1850) return null;
  if (m !== undefined && (m < 1 || m > 12)) return null;
  if (d !== undefined && (m === undefined || d < 1 || d > daysIn(y, m))) return null;
  const iso = m === undefined ? `${y}` : d === undefined ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`;
  const today = now.toISOString().slice(0, iso.length);
  return iso > today ? null : iso;
};

/** Gender as female, male or other; null for unknown or absent. */
export const normalizeGender = (raw: string | null | undefined): 'female' | 'male' | 'other' | null => {
  const t = (raw ?? '').trim().toLowerCase();
  if (['f', 'female', 'w', 'woman', 'femme', 'weiblich', 'girl'].includes(t)) return 'female';
  if (['m', 'male', 'man', 'homme', 'männlich', 'mannlich', 'boy'].includes(t)) return 'male';
  if (['x', 'other', 'nonbinary', 'non-binary', 'non binary', 'diverse', 'divers', 'nb'].includes(t))
    return 'other';
  return null;
};

/** An identity number (SSN, passport, driver's licence, national id) as upper-case letters and digits. */
export const normalizeIdentityNumber = (raw: string | null | undefined): string | null => {
  const t = (raw ?? '').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  return t.length >= 4 ? t : null;
};
