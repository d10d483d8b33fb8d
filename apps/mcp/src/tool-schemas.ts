import type { Operation } from '@dossier/core';
import { z } from 'zod';

type Json = Record<string, unknown>;

const toJson = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  delete json.$schema;
  // A named root comes out as a bare $ref; tools need the object itself at the root.
  const ref = typeof json.$ref === 'string' ? json.$ref.replace('#/$defs/', '') : null;
  const defs = json.$defs as Record<string, Json> | undefined;
  if (ref && defs?.[ref]) {
    const { [ref]: root, ...rest } = defs;
    return Object.keys(rest).length ? { ...root, $defs: rest } : { ...root };
  }
  return json;
};

/**
 * What a failed call puts in structuredContent. Clients validate structuredContent against the
 * output schema even on errors, so the schema admits both shapes.
 */
const toolErrorSchema: Json = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'Error code, e.g. invalid_request, not_found, rate_limited.' },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
    retry_after_s: { type: 'integer', description: 'Seconds to wait before retrying (rate_limited).' },
  },
};

function withErrorShape(result: Json): Json {
  const { $defs, ...root } = result;
  return { type: 'object', anyOf: [root, toolErrorSchema], ...($defs ? { $defs } : {}) };
}

const cache = new WeakMap<Operation, { input: Json; output: Json }>();

/** The tool's input and output JSON Schemas: the same zod schemas the REST door validates with. */
export function toolSchemas(op: Operation): { input: Json; output: Json } {
  let schemas = cache.get(op);
  if (!schemas) {
    const output = toJson(op.output, 'output');
    schemas = { input: toJson(op.input, 'input'), output: withErrorShape(output) };
    cache.set(op, schemas);
  }
  return schemas;
}

/** The tools/list entry for an operation. */
export function toolDefinition(op: Operation) {
  const { input, output } = toolSchemas(op);
  return {
    name: op.name,
    title: op.title,
    description: op.description,
    inputSchema: input as { type: 'object' },
    outputSchema: output as { type: 'object' },
    annotations: {
      title: op.title,
      readOnlyHint: op.readOnly,
      destructiveHint: false,
      idempotentHint: op.idempotent,
      openWorldHint: op.openWorld,
    },
  };
}
