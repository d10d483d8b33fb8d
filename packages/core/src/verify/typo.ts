// Domains people mistype most; a typo is one or two edits away from one of these.
const POPULAR = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'me.com',
  'mac.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'gmx.de',
  'web.de',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'mail.com',
  'zoho.com',
  'fastmail.com',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'yahoo.fr',
  'hotmail.fr',
  'orange.fr',
  'free.fr',
  'btinternet.com',
  'qq.com',
  '163.com',
  'naver.com',
  'rocketmail.com',
  'ymail.com',
];
const POPULAR_SET = new Set(POPULAR);
const TLD_FIXES: Record<string, string> = {
  con: 'com',
  cmo: 'com',
  ocm: 'com',
  comm: 'com',
  cpm: 'com',
  vom: 'com',
  xom: 'com',
  om: 'com',
  nte: 'net',
  ner: 'net',
  nett: 'net',
  ogr: 'org',
  orgg: 'org',
};

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps). */
export const editDistance = (a: string, b: string): number => {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
};

/**
 * A likely intended domain (`gmial.com` -> `gmail.com`), or null: one or two edits from a popular
 * mail domain, or a mistyped top-level domain. Only a candidate: the verifier offers it only when
 * the typed domain receives no mail and the candidate does (ge.com, aon.com, cloud.com are real).
 */
export const suggestDomain = (domain: string): string | null => {
  if (POPULAR_SET.has(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of POPULAR) {
    const limit = candidate.length >= 9 ? 2 : 1;
    const distance = editDistance(domain, candidate);
    if (distance <= limit && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  let fixed = best?.domain ?? null;
  if (!fixed) {
    const dot = domain.lastIndexOf('.');
    const tld = TLD_FIXES[domain.slice(dot + 1)];
    if (dot > 0 && tld) fixed = `${domain.slice(0, dot)}.${tld}`;
  }
  return fixed && fixed !== domain ? fixed : null;
};

/** `suggestDomain` as an address, without the DNS condition: a hint, never deciding the status. */
export const suggestAddress = (local: string, domain: string): string | null => {
  const fixed = suggestDomain(domain);
  return fixed ? `${local}@${fixed}` : null;
};
