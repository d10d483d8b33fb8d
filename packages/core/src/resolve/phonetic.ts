const CODES: Record<string, string> = {
  b: '1',
  f: '1',
  p: '1',
  v: '1',
  c: '2',
  g: '2',
  j: '2',
  k: '2',
  q: '2',
  s: '2',
  x: '2',
  z: '2',
  d: '3',
  t: '3',
  l: '4',
  m: '5',
  n: '5',
  r: '6',
};

/** American Soundex of a folded, lower-case ASCII name ("robert" -> "r163"); '' for no letters. */
export const soundex = (name: string): string => {
  const letters = name.replace(/[^a-z]/g, '');
  const first = letters[0];
  if (!first) return '';
  let out = first;
  let last = CODES[first] ?? '';
  for (let i = 1; i < letters.length && out.length < 4; i++) {
    const ch = letters[i] ?? '';
    const code = CODES[ch] ?? '';
    if (code && code !== last) out += code;
    // h and w do not separate equal codes; vowels do.
    if (ch !== 'h' && ch !== 'w') last = code;
  }
  return out.padEnd(4, '0');
};
