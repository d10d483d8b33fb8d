/**
 * tools/list is read into an agent's context on every connection, so tool schemas carry what a
 * model uses to call a tool and read its answer, and no more. The server still validates every
 * argument with the operation's full zod schema and names the field at fault, so bounds
 * (lengths, counts, ranges) and `additionalProperties` are left to that answer.
 */
type Json = Record<string, unknown>;

const inputKeys = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'default',
  'description',
  '$ref',
  '$defs',
  'format',
]);

/**
 * Definitions written out once, in the tool that owns them: another tool that uses one points
 * to that tool instead of repeating it (the search filters are a third of every search tool).
 */
const definitionOwners: Record<string, string> = {
  CompanySearchFilters: 'search_companies',
  PeopleSearchFilters: 'search_people',
};

/** Properties that repeat another tool's input whole, by tool and property. */
const propertyPointers: Record<string, Record<string, string>> = {
  search: { filters: 'The `filters` of search_companies, or of search_people with `entity: "people"`.' },
};

/** An input schema with only the keys a model needs to write a valid call. */
export function compactInput(schema: Json, tool: string): Json {
  const pointers = propertyPointers[tool] ?? {};
  const root = compactNode(schema, tool) as Json;
  const properties = root.properties as Json | undefined;
  for (const [name, description] of Object.entries(pointers))
    if (properties?.[name]) properties[name] = { type: 'object', description };
  const defs = root.$defs as Json | undefined;
  if (defs) {
    for (const name of Object.keys(defs))
      if (definitionOwners[name] && definitionOwners[name] !== tool) delete defs[name];
    if (!JSON.stringify(root.properties).includes('#/$defs/') && Object.keys(defs).length === 0)
      delete root.$defs;
  }
  return root;
}

function compactNode(schema: unknown, tool: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => compactNode(item, tool));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  const ref = typeof node.$ref === 'string' ? node.$ref.replace('#/$defs/', '') : null;
  const owner = ref ? definitionOwners[ref] : undefined;
  if (owner && owner !== tool) {
    const what = typeof node.description === 'string' ? `${firstSentence(node.description)} ` : '';
    return { type: 'object', description: `${what}Same shape as the \`filters\` of the ${owner} tool.` };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (!inputKeys.has(key)) continue;
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, compactNode(v, tool)]));
    } else if (key === 'description') {
      out[key] = firstSentence(String(value));
    } else if (key === 'default' || key === 'enum' || key === 'const' || key === 'required') {
      out[key] = value;
    } else {
      out[key] = compactNode(value, tool);
    }
  }
  return out;
}

/** The first sentence, keeping an example that follows it ("..., e.g. ..."). */
const firstSentence = (text: string): string => {
  const end = text.search(/\.\s+[A-Z]/);
  return end > 0 ? text.slice(0, end + 1) : text;
};

/** The JSON type(s) of a schema node, following $ref into `defs`; null when it accepts anything. */
function typeOf(node: Json, defs: Record<string, Json>): string | string[] | null {
  if (typeof node.$ref === 'string') {
    const target = defs[node.$ref.replace('#/$defs/', '')];
    return target ? typeOf(target, defs) : null;
  }
  if (node.type !== undefined) return node.type as string | string[];
  const members = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (members) {
    const types = new Set<string>();
    for (const member of members) {
      const t = typeOf(member, defs);
      if (t === null) return null;
      for (const one of Array.isArray(t) ? t : [t]) types.add(one);
    }
    return types.size === 1 ? ([...types][0] as string) : [...types];
  }
  if (node.const !== undefined) return typeof node.const === 'string' ? 'string' : null;
  return null;
}

/** What a failed call puts in structuredContent (the same object type, so no second schema). */
const errorFields: Json = {
  error: {
    type: 'string',
    description: 'Set when the call failed: invalid_request, not_found, rate_limited, ...',
  },
  message: { type: 'string' },
  issues: { type: 'array', description: 'The fields at fault: {path, message}.' },
  retry_after_s: { type: 'integer' },
};

/**
 * An output schema of the top level only: each field's type, no field required, plus the error
 * fields of a failed call. Clients check structuredContent against it (on errors too); the
 * answer's text and its nested values show the rest, and the REST reference documents it whole.
 */
export function compactOutput(schema: Json): Json {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const root =
    (typeof schema.$ref === 'string' ? defs[schema.$ref.replace('#/$defs/', '')] : schema) ?? schema;
  const properties = (root.properties ?? {}) as Record<string, Json>;
  const compact: Json = {};
  for (const [name, node] of Object.entries(properties)) {
    const field: Json = {};
    const type = typeOf(node, defs);
    if (type !== null) field.type = type;
    compact[name] = field;
  }
  for (const [name, field] of Object.entries(errorFields)) if (!(name in compact)) compact[name] = field;
  return { type: 'object', properties: compact };
}
