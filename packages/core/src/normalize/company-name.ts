import { foldForCompare } from './text.js';

// Legal forms as token sequences after folding ("s.a." -> "s a"). Longest first when matching.
const LEGAL_FORMS = [
  'inc',
  'incorporated',
  'llc',
  'l l c',
  'llp',
  'lp',
  'ltd',
  'limited',
  'pty ltd',
  'pty',
  'pvt ltd',
  'private limited',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'gmbh co kg',
  'co kg',
  'kg',
  'ag',
  'se',
  'ug',
  'e v',
  'ev',
  'sa',
  's a',
  'nv',
  'n v',
  'bv',
  'b v',
  'sas',
  's a s',
  'sarl',
  's a r l',
  'sasu',
  'eurl',
  'sl',
  's l',
  'sau',
  'spa',
  's p a',
  'srl',
  's r l',
  'snc',
  'kk',
  'k k',
  'kabushiki kaisha',
  'gk',
  'oy',
  'oyj',
  'ab',
  'publ',
  'as',
  'a s',
  'asa',
  'aps',
  'a p s',
  'sp z o o',
  'sro',
  's r o',
  'as',
  'zrt',
  'kft',
  'doo',
  'd o o',
  'ltda',
  'eireli',
  'sdn bhd',
  'bhd',
  'pte ltd',
  'pte',
  'lda',
  'oü',
  'ou',
  'pllc',
  'pc',
  'lllp',
  'gmbh and co kg',
  'and co kg',
  'and co',
]
  .map((f) => f.split(' '))
  .sort((a, b) => b.length - a.length);

// Forms indexed by their last token, longest first, so stripping looks only at candidates.
const FORMS_BY_LAST = new Map<string, string[][]>();
for (const form of LEGAL_FORMS) {
  const last = form[form.length - 1] as string;
  const list = FORMS_BY_LAST.get(last) ?? [];
  list.push(form);
  FORMS_BY_LAST.set(last, list);
}

const stripTrailingLegalForms = (tokens: string[]): string[] => {
  const out = [...tokens];
  // Strip repeatedly ("Acme Holdings GmbH & Co. KG"), but never the whole name.
  for (;;) {
    if (out.length <= 1) return out;
    const lastToken = out[out.length - 1] as string;
    if (lastToken === 'and') {
      out.length -= 1;
      continue;
    }
    const match = FORMS_BY_LAST.get(lastToken)?.find(
      (form) => form.length < out.length && form.every((t, i) => t === out[out.length - form.length + i]),
    );
    if (!match) return out;
    out.length -= match.length;
  }
};

/**
 * A comparison key for a company name: folded, `&` as "and", punctuation gone, a leading "The" and
 * trailing legal forms (Inc, LLC, GmbH, S.A., N.V., Pty Ltd, ...) removed. "The Acme Co., Inc." -> "acme".
 */
export const normalizeCompanyName = (raw: string | null | undefined): string => {
  if (!raw) return '';
  const text = foldForCompare(raw.replace(/&/g, ' and ').replace(/\+/g, ' and '));
  let tokens = text.split(' ').filter(Boolean);
  if (tokens.length > 1 && tokens[0] === 'the') tokens = tokens.slice(1);
  tokens = stripTrailingLegalForms(tokens);
  return tokens.join(' ');
};

/** The name key without spaces: "Iron Logistics" and "IronLogistics" compare equal. */
export const companyNameKey = (raw: string | null | undefined): string =>
  normalizeCompanyName(raw).replace(/ /g, '');
