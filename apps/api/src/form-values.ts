import type { Operation } from '@dossier/core';
import { z } from 'zod';

type Json = Record<string, unknown>;
type Kind = 'array' | 'object' | 'number' | 'boolean' | 'string';

/** The JSON types a property schema allows, following `$ref`s and `anyOf`/`oneOf` branches. */
function kindsOf(schema: Json | undefined, defs: Record<string, Json>, seen = 0): Set<Kind> {
  const kinds = new Set<Kind>();
  if (!schema || seen > 8) return kinds;
  if (typeof schema.$ref === 'string')
    return kindsOf(defs[schema.$ref.replace('#/$defs/', '')], defs, seen + 1);
  for (const branch of [...((schema.anyOf as Json[]) ?? []), ...((schema.oneOf as Json[]) ?? [])]) {
    for (const kind of kindsOf(branch, defs, seen + 1)) kinds.add(kind);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'integer' || type === 'number') kinds.add('number');
    else if (type === 'array' || type === 'object' || type === 'boolean' || type === 'string')
      kinds.add(type);
  }
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) kinds.add('string');
  return kinds;
}

interface FieldKinds {
  kinds: Set<Kind>;
  items: Set<Kind>;
}

const cache = new WeakMap<Operation, Map<string, FieldKinds>>();

/** Each top-level input field's JSON types (and its items' types for lists), from the input schema. */
export function fieldKinds(op: Operation): Map<string, FieldKinds> {
  let fields = cache.get(op);
  if (fields) return fields;
  const json = z.toJSONSchema(op.input, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  const root = (typeof json.$ref === 'string' ? defs[json.$ref.replace('#/$defs/', '')] : json) ?? {};
  fields = new Map();
  for (const [name, schema] of Object.entries((root.properties ?? {}) as Record<string, Json>)) {
    const kinds = kindsOf(schema, defs);
    const itemSchemas = [schema, ...((schema.anyOf as Json[]) ?? [])].map((s) => s.items as Json | undefined);
    const items = new Set<Kind>();
    for (const item of itemSchemas) for (const kind of kindsOf(item, defs)) items.add(kind);
    fields.set(name, { kinds, items });
  }
  cache.set(op, fields);
  return fields;
}

const numeric = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** One text value as the scalar the field takes, when the text reads as one; otherwise unchanged. */
function scalar(text: string, kinds: Set<Kind>): unknown {
  if (kinds.has('string')) return text;
  if (kinds.has('number') && numeric.test(text)) return Number(text);
  if (kinds.has('boolean')) {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  if (kinds.has('object') && text.trim().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Form fields and query parameters arrive as text; the input schema says what each field takes.
 * The same reading for every operation: numbers and booleans (`true`/`false`/`1`/`0`) from their
 * text, lists from repeated fields or one comma-separated value, objects from JSON text. Text
 * that does not read as the field's type is left as it is, so validation names the field.
 */
export function coerceFormValues(op: Operation, values: Record<string, unknown>): Record<string, unknown> {
  const fields = fieldKinds(op);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.get(name);
    if (!field) {
      out[name] = value;
      continue;
    }
    const texts = Array.isArray(value) ? value : [value];
    if (!texts.every((t) => typeof t === 'string')) {
      out[name] = value;
    } else if (field.kinds.has('array') && !(field.kinds.has('string') && texts.length === 1)) {
      const parts = texts.length === 1 ? (texts[0] as string).split(',').map((p) => p.trim()) : texts;
      out[name] = parts.filter((p) => p !== '').map((p) => scalar(p, field.items));
    } else {
      out[name] = texts.length === 1 ? scalar(texts[0] as string, field.kinds) : value;
    }
  }
  return out;
}
