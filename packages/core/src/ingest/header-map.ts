/** Field names an import kind understands, with the header spellings that mean each. */
export type FieldAliases = Record<string, readonly string[]>;

const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Maps a file's headers to fields: explicit `--map column=field` pairs first, then known
 * spellings (`E-mail Address` -> email), compared without case, spaces or punctuation.
 */
export function mapHeaders(headers: string[], aliases: FieldAliases, explicit: Record<string, string> = {}) {
  const byKey = new Map<string, string>();
  for (const [field, names] of Object.entries(aliases)) {
    byKey.set(key(field), field);
    for (const name of names) byKey.set(key(name), field);
  }
  const mapping: Record<string, string> = {};
  const unknown: string[] = [];
  for (const header of headers) {
    const field = explicit[header] ?? byKey.get(key(header));
    if (field && field in aliases) mapping[header] = field;
    else unknown.push(header);
  }
  return { mapping, unknown };
}

/** `a=b,c=d` from the command line. */
export function parseMapOption(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const [from, to] = pair.split('=').map((s) => s?.trim());
    if (from && to) out[from] = to;
  }
  return out;
}

export function applyMapping(
  values: Record<string, unknown>,
  mapping: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  // for-in, not Object.entries: an import maps millions of rows, and each entries array is garbage.
  for (const header in mapping) {
    const field = mapping[header] as string;
    const value = values[header];
    if (value == null) continue;
    const text = String(value).trim();
    if (text && !(field in out)) out[field] = text;
  }
  return out;
}
