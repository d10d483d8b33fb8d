import type { Operation } from '@dossier/core';
import { toOpenApiSchema } from './openapi/json-schema.js';

type Json = Record<string, unknown>;
type Kind = 'integer' | 'number' | 'boolean' | 'array';

/** The property types of an operation's input, as its OpenAPI document states them. */
const kindsCache = new WeakMap<object, Map<string, { kind: Kind; items?: Kind }>>();

function kindOf(schema: Json | undefined): Kind | 'string' | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.anyOf)) {
    const kinds = (schema.anyOf as Json[]).map(kindOf);
    // A property that takes text as it is (a comma list, a date or a number) needs no conversion.
    if (kinds.includes('string')) return 'string';
    return kinds.find((k) => k !== undefined);
  }
  const type = schema.type;
  if (
    type === 'integer' ||
    type === 'number' ||
    type === 'boolean' ||
    type === 'array' ||
    type === 'string'
  ) {
    return type;
  }
  return undefined;
}

function kindsOf(op: Pick<Operation, 'input'>) {
  let kinds = kindsCache.get(op.input);
  if (kinds) return kinds;
  kinds = new Map();
  const schema = toOpenApiSchema(op.input, 'input', {}) as { properties?: Record<string, Json> };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const kind = kindOf(property);
    if (!kind || kind === 'string') continue;
    const items = kind === 'array' ? kindOf(property.items as Json | undefined) : undefined;
    kinds.set(name, {
      kind,
      items: items === 'integer' || items === 'number' || items === 'boolean' ? items : undefined,
    });
  }
  kindsCache.set(op.input, kinds);
  return kinds;
}

function scalar(kind: Kind | undefined, text: string): unknown {
  const value = text.trim();
  if ((kind === 'integer' || kind === 'number') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) {
    return Number(value);
  }
  if (kind === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return text;
}

/**
 * Form fields are text; the document gives each property its type, so a form reads as OpenAPI
 * says a form is read: `limit=3` is the number 3, `as_job=true` a boolean, `types=surge,hiring`
 * (or `types` repeated) a list. Text that does not fit its type is passed on unchanged, for
 * validation to name the field.
 */
export function typedFormValues(
  op: Pick<Operation, 'input'>,
  form: Record<string, string | string[]>,
): Record<string, unknown> {
  const kinds = kindsOf(op);
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(form)) {
    const kind = kinds.get(name);
    if (kind?.kind === 'array') {
      const parts = (Array.isArray(raw) ? raw : [raw])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
      out[name] = parts.map((v) => scalar(kind.items, v));
    } else if (Array.isArray(raw)) {
      out[name] = raw.map((v) => scalar(kind?.kind, v));
    } else {
      out[name] = scalar(kind?.kind, raw);
    }
  }
  return out;
}
