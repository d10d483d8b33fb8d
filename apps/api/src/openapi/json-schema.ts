import { z } from 'zod';

type Json = Record<string, unknown>;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A list that also arrives as one comma-separated string (forms, query strings, models): zod's
 * `z.preprocess(split, z.array(...))`. The input schema says both; when the items are an enum,
 * the string form gets a pattern of the same words, so a validator rejects what the server does.
 */
function commaListOverride(ctx: { zodSchema: unknown; jsonSchema: Json }) {
  const def = (ctx.zodSchema as { _zod: { def: Record<string, any> } })._zod.def;
  if (def.type !== 'pipe' || !def.in?._zod?.traits?.has('$ZodTransform')) return;
  if (def.out?._zod?.def?.type !== 'array' || ctx.jsonSchema.type !== 'array') return;
  const array: Json = { ...ctx.jsonSchema };
  const { description } = array;
  delete array.description;
  const items = (array.items ?? {}) as Json;
  const words = Array.isArray(items.enum)
    ? (items.enum as unknown[]).map((v) => escapeRegex(String(v)))
    : null;
  const word = words ? `(?:${words.join('|')})` : null;
  const text: Json = {
    type: 'string',
    description: 'The same list as one comma-separated string, e.g. from a form or a query string.',
    // Segments are trimmed and empty ones dropped, as the server does.
    ...(word ? { pattern: `^\\s*(?:${word}\\s*)?(?:,\\s*(?:${word}\\s*)?)*$` } : {}),
  };
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, description === undefined ? {} : { description }, { anyOf: [array, text] });
}

/**
 * A number that also arrives as its text (`"25"`): `lenientNumber` in packages/core/src/shared/lenient.ts,
 * a `z.preprocess` into a number. The input schema says both; the text form has the pattern the
 * server reads (an integer's text for an integer).
 */
function numberTextOverride(ctx: { zodSchema: unknown; jsonSchema: Json }) {
  const def = (ctx.zodSchema as { _zod: { def: Record<string, any> } })._zod.def;
  if (def.type !== 'pipe' || !def.in?._zod?.traits?.has('$ZodTransform')) return;
  const type = ctx.jsonSchema.type;
  if (def.out?._zod?.def?.type !== 'number' || (type !== 'number' && type !== 'integer')) return;
  const number: Json = { ...ctx.jsonSchema };
  const { description } = number;
  delete number.description;
  const text: Json = {
    type: 'string',
    description: 'The same number as text, e.g. from a form, a query string or a model.',
    pattern:
      type === 'integer' ? '^\\s*[-+]?\\d+\\s*$' : '^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*$',
  };
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, description === undefined ? {} : { description }, { anyOf: [number, text] });
}

/**
 * JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) for a zod schema. Named schemas
 * (`.meta({ id })`) are hoisted into `components.schemas`; refs are rewritten to point there.
 */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', components: Json): Json {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    override:
      io === 'input'
        ? (ctx) => {
            commaListOverride(ctx as never);
            numberTextOverride(ctx as never);
          }
        : undefined,
  }) as Json;
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  delete json.$defs;
  delete json.$schema;
  const suffix = io === 'input' ? 'Input' : '';
  const rename = (id: string) =>
    io === 'input' && id in components && !(`${id}${suffix}` in defs) ? id : `${id}${suffix}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) {
        out[k] =
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? `#/components/schemas/${rename(v.slice(8))}`
            : rewrite(v);
      }
      return out;
    }
    return value;
  };
  for (const [id, def] of Object.entries(defs)) {
    const name = rename(id);
    const body = rewrite(def) as Json;
    delete body.id;
    components[name] = body;
  }
  const root = rewrite(json) as Json;
  if (typeof root.id === 'string') {
    const name = `${root.id}${suffix}`;
    delete root.id;
    components[name] = root;
    return { $ref: `#/components/schemas/${name}` };
  }
  return root;
}
