import type { Operation } from '@dossier/core';
import { z } from 'zod';
import { compactInput, compactOutput } from './compact-schema.js';
import { downloadNote, downloadOutputSchema } from './downloads.js';

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

const cache = new WeakMap<Operation, { input: Json; output: Json }>();

/** The tool's input and output JSON Schemas: the same zod schemas the REST door validates with. */
export function toolSchemas(op: Operation): { input: Json; output: Json } {
  let schemas = cache.get(op);
  if (!schemas) {
    // A download's tool answers a link to the file, not the file (downloads.ts).
    const output = compactOutput(op.produces ? downloadOutputSchema : toJson(op.output, 'output'));
    schemas = { input: compactInput(toJson(op.input, 'input'), op.name), output };
    cache.set(op, schemas);
  }
  return schemas;
}

/**
 * The tool's description: the operation's, the note on files for a download, and the operation's
 * example (the one the OpenAPI document shows, tested on the demo data in every-tool.test.ts).
 */
const describe = (op: Operation): string =>
  `${op.description}${op.produces ? downloadNote : ''} Example: \`${JSON.stringify(op.example.input)}\`.`;

/** The tools/list entry for an operation. */
export function toolDefinition(op: Operation) {
  const { input, output } = toolSchemas(op);
  return {
    name: op.name,
    title: op.title,
    description: describe(op),
    inputSchema: input as { type: 'object' },
    outputSchema: output as { type: 'object' },
    annotations: {
      readOnlyHint: op.readOnly,
      // Only deletes remove what the caller made (a webhook subscription and its log).
      destructiveHint: op.method === 'DELETE',
      idempotentHint: op.idempotent,
      openWorldHint: op.openWorld,
    },
  };
}
