/** Field names an import kind understands, with the header spellings that mean each. */
export type FieldAliases = Record<string, readonly string[]>;

/**
 * Joins the values of several columns mapped to one field (`Email` and `Secondary Email`, Outlook's
 * `Title` and `Job Title`): the kind's check reads them with `valuesOf` and picks or keeps each.
 */
export const MULTI = '\u001f';

/** The values of a mapped field, in column priority order (see `mapHeaders`). */
export const valuesOf = (text: string | undefined): string[] => (text ? text.split(MULTI) : []);

export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A `--map` target that means "do not use this column". */
export const IGNORE_FIELD = 'ignore';

/**
 * Maps a file's headers to fields: explicit `--map column=field` pairs first, then known
 * spellings (`E-mail Address` -> email), compared without case, spaces or punctuation. Several
 * columns may map to one field; `mapping` lists them in priority order (explicit, the field's own
 * name, then the aliases in table order), which is the order `applyMapping` joins their values in.
 */
export function mapHeaders(headers: string[], aliases: FieldAliases, explicit: Record<string, string> = {}) {
  const byKey = new Map<string, { field: string; rank: number }>();
  for (const [field, names] of Object.entries(aliases)) {
    names.forEach((name, i) => {
      const k = headerKey(name);
      if (!byKey.has(k)) byKey.set(k, { field, rank: i + 1 });
    });
  }
  // A field's own name outranks any alias that happens to spell it.
  for (const field of Object.keys(aliases)) byKey.set(headerKey(field), { field, rank: 0 });
  const explicitByKey = new Map(Object.entries(explicit).map(([k, v]) => [headerKey(k), v]));
  const picked: { header: string; field: string; rank: number; at: number }[] = [];
  const unknown: string[] = [];
  headers.forEach((header, at) => {
    const forced = explicit[header] ?? explicitByKey.get(headerKey(header));
    if (forced === IGNORE_FIELD) {
      unknown.push(header);
      return;
    }
    const hit = forced ? { field: forced, rank: -1 } : byKey.get(headerKey(header));
    if (hit && hit.field in aliases) picked.push({ header, field: hit.field, rank: hit.rank, at });
    else unknown.push(header);
  });
  picked.sort((a, b) => a.rank - b.rank || a.at - b.at);
  const mapping: Record<string, string> = {};
  for (const p of picked) mapping[p.header] = p.field;
  return { mapping, unknown };
}

/** `a=b,c=d` from the command line. */
export function parseMapOption(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.lastIndexOf('=');
    if (at <= 0) continue;
    const from = pair.slice(0, at).trim();
    const to = pair.slice(at + 1).trim();
    if (from && to) out[from] = to;
  }
  return out;
}

const distance = (a: string, b: string) => {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
};

/** The field a mistyped or aliased name most likely means. */
export function nearestField(name: string, aliases: FieldAliases): string {
  const k = headerKey(name);
  let best = Object.keys(aliases)[0] as string;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const [field, names] of Object.entries(aliases))
    for (const candidate of [field, ...names]) {
      const score = distance(k, headerKey(candidate));
      if (score < bestScore) {
        best = field;
        bestScore = score;
      }
    }
  return best;
}

/**
 * `--map` targets that are not fields of the kind, each with a suggestion: a wrong name must not be
 * silently ignored. `ignore` is always accepted.
 */
export function unknownMapTargets(explicit: Record<string, string>, aliases: FieldAliases): string[] {
  const problems: string[] = [];
  for (const [column, field] of Object.entries(explicit)) {
    if (field === IGNORE_FIELD || field in aliases) continue;
    problems.push(
      `--map ${column}=${field}: no field "${field}"; did you mean ${nearestField(field, aliases)}?`,
    );
  }
  return problems;
}

/**
 * The mapped fields of a row. With `multi` (kinds whose check reads `valuesOf`), the values of several
 * columns of one field are joined with MULTI in priority order; without it the first non-empty wins.
 */
export function applyMapping(
  values: Record<string, unknown>,
  mapping: Record<string, string>,
  multi = true,
): Record<string, string> {
  const out: Record<string, string> = {};
  // for-in, not Object.entries: an import maps millions of rows, and each entries array is garbage.
  for (const header in mapping) {
    const field = mapping[header] as string;
    const value = values[header];
    // Objects reach here only from JSON a flattening did not cover: never stored as "[object Object]".
    if (value == null || typeof value === 'object') continue;
    const text = String(value).trim();
    if (!text) continue;
    const had = out[field];
    if (had === undefined) out[field] = text;
    else if (multi && !valuesOf(had).includes(text)) out[field] = `${had}${MULTI}${text}`;
  }
  return out;
}

/** Object keys whose contents are the record itself (HubSpot's `properties`, Airtable's `fields`). */
const WRAPPERS = new Set(['properties', 'fields', 'attributes']);

/**
 * Flattens a nested JSON record by documented paths: the members of `properties`, `fields` or
 * `attributes` stand for themselves (HubSpot API: `properties.email` -> `email`; a HubSpot
 * `{ value }` property object -> its value), other objects become dotted names
 * (`organization.name`), an array of scalars one multi-value cell, and an array of objects one
 * multi-value cell per member name (`phone_numbers.sanitized_number`).
 */
export function flattenRecord(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (name: string, v: unknown) => {
    if (v == null || v === '') return;
    const text = typeof v === 'string' ? v : String(v);
    const had = out[name];
    out[name] = had === undefined ? text : `${had}${MULTI}${text}`;
  };
  const walk = (prefix: string, v: unknown, depth: number) => {
    if (v == null) return;
    if (Array.isArray(v)) {
      for (const item of v) walk(prefix, item, depth + 1);
      return;
    }
    if (typeof v === 'object') {
      if (depth > 6) return;
      const entries = Object.entries(v as Record<string, unknown>);
      // HubSpot's older API wraps each property as { value, timestamp, ... }.
      if (prefix && 'value' in (v as object) && entries.every(([, x]) => x == null || typeof x !== 'object'))
        return put(prefix, (v as { value: unknown }).value);
      for (const [k, x] of entries)
        walk(prefix && !WRAPPERS.has(prefix) ? `${prefix}.${k}` : k, x, depth + 1);
      return;
    }
    if (prefix) put(prefix, v);
  };
  for (const [k, v] of Object.entries(value)) {
    if (v !== null && typeof v === 'object') walk(WRAPPERS.has(k) ? '' : k, v, 1);
    else if (!(k in out)) out[k] = v;
  }
  return out;
}

/** True when a record holds nested values and needs `flattenRecord`. */
export const isNested = (value: Record<string, unknown>) => {
  for (const k in value) {
    const v = value[k];
    if (v !== null && typeof v === 'object') return true;
  }
  return false;
};
