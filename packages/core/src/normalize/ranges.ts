/** One amount as exports write it: "$10M", "10,000,000", "1.5 bn", "€5 Mio.", "$1 mil.". */
const amountOf = (text: string, unit = 1): number | null => {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^(?:us)?[$€£]|(?:usd|eur|gbp)$/g, '')
    .trim();
  const m =
    /^([0-9][0-9,.\s]*)\s*(k|thousand|m|mm|mil\.?|mio\.?|million|b|bn|billion|mrd\.?|t|trillion)?\s*(?:usd|eur|gbp)?$/.exec(
      t.replace(/^(?:us)?[$€£]\s*/, ''),
    );
  if (!m?.[1]) return null;
  // "1,500,000" and "1.500.000" are thousands separators; "1.5" is a decimal.
  let digits = m[1].replace(/\s/g, '');
  if (/^\d{1,3}([,.]\d{3})+$/.test(digits)) digits = digits.replace(/[,.]/g, '');
  else digits = digits.replace(/,/g, '.');
  const value = Number(digits);
  if (!Number.isFinite(value)) return null;
  const suffix = (m[2] ?? '').replace('.', '');
  const scale =
    suffix === 'k' || suffix === 'thousand'
      ? 1e3
      : ['m', 'mm', 'mil', 'mio', 'million'].includes(suffix)
        ? 1e6
        : ['b', 'bn', 'billion', 'mrd'].includes(suffix)
          ? 1e9
          : suffix === 't' || suffix === 'trillion'
            ? 1e12
            : unit;
  return value * scale;
};

/** $10M, €1.5B, $250K: the form the search columns parse (dossier_money reads the number and unit). */
export const formatMoney = (value: number, symbol = '$'): string => {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, unit] of units)
    if (value >= size) return `${symbol}${Number((value / size).toFixed(2))}${unit}`;
  return `${symbol}${Math.round(value)}`;
};

/**
 * A revenue amount or range as "$10M-$50M", "$1B+" or "$250M": from "$10M-$50M", "$10M - $50M",
 * "10,000,000 to 50,000,000", "$1 mil. - $10 mil.", "Over $1B", "250000000" (times `unit`, for
 * columns in thousands). Null when the text is not an amount.
 */
export const moneyRange = (raw: string | null | undefined, unit = 1): string | undefined => {
  const text = (raw ?? '').trim();
  if (!text) return undefined;
  // The currency stays as written (dollars unless the text says euros or pounds).
  const symbol = /€|\beur\b/i.test(text) ? '€' : /£|\bgbp\b/i.test(text) ? '£' : '$';
  const money = (v: number) => formatMoney(v, symbol);
  const plus = /^(?:over|more than|>|above)\s*(.+)$/i.exec(text)?.[1] ?? /^(.+?)\s*\+$/.exec(text)?.[1];
  if (plus) {
    const v = amountOf(plus, unit);
    return v === null ? undefined : `${money(v)}+`;
  }
  const parts = text.split(/\s*(?:-|–|—|\bto\b|\bbis\b)\s*/i).filter(Boolean);
  if (parts.length === 2) {
    // "$1-10M": the unit of the upper bound applies to a bare lower bound.
    const hiUnit = /[a-z.]+\s*$/i.exec(parts[1] as string)?.[0] ?? '';
    const lo = amountOf(
      /[a-z]/i.test(parts[0] as string) ? (parts[0] as string) : `${parts[0]}${hiUnit}`,
      unit,
    );
    const hi = amountOf(parts[1] as string, unit);
    return lo === null || hi === null || hi < lo ? undefined : `${money(lo)}-${money(hi)}`;
  }
  if (parts.length === 1) {
    const v = amountOf(text, unit);
    return v === null ? undefined : money(v);
  }
  return undefined;
};

/**
 * A headcount: an exact number ("1,200" -> count) or a bucket ("51-200", "20 - 49", "5000+",
 * "10,001+") kept as a range. Null when it is neither.
 */
export const parseHeadcount = (raw: string): { count?: number; range?: string } | null => {
  const text = raw.trim().replace(/\s+/g, ' ');
  const number = (t: string) => {
    const digits = t.replace(/[,.\s]/g, '');
    return /^\d+$/.test(digits) ? Number(digits) : null;
  };
  const exact = number(text);
  if (exact !== null) return { count: exact };
  const plus = /^(?:over |more than |>)?([\d,.\s]+?)\s*\+?$/i.exec(text);
  if (plus?.[1] && /\+|over|more|>/i.test(text)) {
    const n = number(plus[1]);
    return n === null ? null : { range: `${n}+` };
  }
  const range = /^([\d,.\s]+?)\s*(?:-|–|—|to|bis)\s*([\d,.\s]+)$/i.exec(text);
  if (range?.[1] && range[2]) {
    const lo = number(range[1]);
    const hi = number(range[2]);
    if (lo !== null && hi !== null && hi >= lo) return { range: `${lo}-${hi}` };
  }
  return null;
};
