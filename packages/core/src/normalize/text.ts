// Letters that NFD does not split into base + mark.
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};
const SPECIAL_RE = /[ßæÆøØœŒđĐłŁþÞı]/g;
const MARKS_RE = /\p{M}+/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Removes diacritics (é -> e, ß -> ss) so that spellings compare equal; keeps case. */
export const foldDiacritics = (value: string): string =>
  value
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .replace(SPECIAL_RE, (ch) => SPECIAL_FOLDS[ch] ?? ch)
    .normalize('NFC');

/** Lower case, folded, punctuation to spaces, whitespace collapsed: a comparison key. */
export const foldForCompare = (value: string): string =>
  (PRINTABLE_ASCII.test(value) ? value : foldDiacritics(value))
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Collapses runs of whitespace and trims. */
export const squish = (value: string): string => value.replace(/\s+/g, ' ').trim();
