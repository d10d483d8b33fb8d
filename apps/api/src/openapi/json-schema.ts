import { z } from 'zod';

type Json = Record<string, unknown>;

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
