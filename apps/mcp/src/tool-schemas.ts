import type { Operation } from '@dossier/core';
import { z } from 'zod';
import { compactInput } from './compact-schema.js';
import { downloadNote } from './downloads.js';

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

const cache = new WeakMap<Operation, Json>();

/**
 * The tool's input JSON Schema: the same zod schema the REST door validates with, compacted.
 *
 * Tools have no output schema. A model reads an answer in the text content (a summary and the
 * JSON, whose field names say what each value is), not in tools/list; a schema of the answer's
 * field names cost a tenth of a primary key's list, and one complete enough for a client to check
 * answers against would cost more than the rest of the list. The REST reference documents every
 * answer whole.
 */
export function toolInputSchema(op: Operation): Json {
  let input = cache.get(op);
  if (!input) {
    input = compactInput(toJson(op.input, 'input'), op.name);
    cache.set(op, input);
  }
  return input;
}

/**
 * The tool's description: the operation's, the note on files for a download, and the operation's
 * example (the one the OpenAPI document shows, tested on the demo data in every-tool.test.ts).
 */
const describe = (op: Operation): string =>
  `${op.description}${op.produces ? downloadNote : ''} Example: \`${JSON.stringify(op.example.input)}\`.`;

/**
 * The hints for clients, each written only where it differs from MCP's default (ToolAnnotations:
 * not read-only, destructive, not idempotent, open world), so a client reads the same hints in
 * fewer bytes. `destructiveHint` and `idempotentHint` mean something only for a tool that writes.
 */
export function annotationsOf(op: Operation) {
  const closed = op.openWorld ? {} : { openWorldHint: false };
  if (op.readOnly) return { readOnlyHint: true, ...closed };
  return {
    // Only deletes remove what the caller made (a webhook subscription and its log).
    ...(op.method === 'DELETE' ? {} : { destructiveHint: false }),
    ...(op.idempotent ? { idempotentHint: true } : {}),
    ...closed,
  };
}

/** The tools/list entry for an operation. */
export function toolDefinition(op: Operation) {
  const input = toolInputSchema(op);
  return {
    name: op.name,
    title: op.title,
    description: describe(op),
    inputSchema: input as { type: 'object' },
    annotations: annotationsOf(op),
  };
}
