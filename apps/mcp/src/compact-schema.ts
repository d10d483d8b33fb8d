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
  build_audience: {
    search:
      'Hash the people search_people finds with this `query`, `filters` and `sort`, with their stored emails and phones.',
  },
  // Contacts of a company are picked by the values people are searched by.
  enrich: {
    seniority: 'Company: contacts of these seniorities (the values of `filters.seniority` in search_people).',
    department:
      'Company: contacts in these departments (the values of `filters.department` in search_people).',
  },
  update_webhook_subscription: {
    event_types: 'As `event_types` in create_webhook_subscription.',
    filter: 'As `filter` in create_webhook_subscription.',
  },
  search: { filters: 'The `filters` of search_companies, or of search_people with `entity: "people"`.' },
};

/** An input schema with only the keys a model needs to write a valid call. */
export function compactInput(schema: Json, tool: string): Json {
  const pointers = propertyPointers[tool] ?? {};
  const root = compactNode(schema, tool) as Json;
  const properties = root.properties as Json | undefined;
  for (const [name, description] of Object.entries(pointers))
    if (properties?.[name]) properties[name] = pointer(properties[name] as Json, description);
  const defs = root.$defs as Json | undefined;
  if (defs) {
    for (const name of Object.keys(defs))
      if (definitionOwners[name] && definitionOwners[name] !== tool) delete defs[name];
    inlineSingleUse(root, defs);
    if (Object.keys(defs).length === 0) delete root.$defs;
  }
  return shareRepeatedEnums(root);
}

/**
 * A property written out in another tool: its type (and its items' type) stay, so a model still
 * sees what kind of value goes there, and the description says where the rest is.
 */
function pointer(node: Json, description: string): Json {
  const items = node.items as Json | undefined;
  return {
    type: node.type ?? 'object',
    ...(items?.type ? { items: { type: items.type } } : {}),
    description,
  };
}

/** A definition used once is written where it is used: the `$ref` and its name cost more than they save. */
function inlineSingleUse(root: Json, defs: Json) {
  const text = JSON.stringify(root.properties);
  for (const name of Object.keys(defs)) {
    const ref = `#/$defs/${name}`;
    const uses = text.split(`"${ref}"`).length - 1;
    if (uses > 1 || JSON.stringify(defs).includes(`"${ref}"`)) continue;
    const def = defs[name] as Json;
    delete defs[name];
    if (uses === 1) replaceRef(root.properties, ref, def);
  }
}

function replaceRef(node: unknown, ref: string, def: Json) {
  if (!node || typeof node !== 'object') return;
  for (const value of Object.values(node as Json)) {
    if (value && typeof value === 'object' && (value as Json).$ref === ref) {
      const { $ref: _, ...rest } = value as Json;
      Object.assign(value as Json, def, rest);
      delete (value as Json).$ref;
    } else replaceRef(value, ref, def);
  }
}

/** Enums this long or longer are written once when a tool uses them twice (filters and exclusions). */
const sharedEnumLength = 5;

/**
 * An enum a tool uses in two places (an industry filter and its exclusion) goes into `$defs`
 * once, named after the first property that holds it, and both places point to it.
 */
function shareRepeatedEnums(root: Json): Json {
  const counts = new Map<string, number>();
  const visit = (node: unknown, fn: (n: Json, name: string) => void, name = '') => {
    if (Array.isArray(node)) for (const item of node) visit(item, fn, name);
    else if (node && typeof node === 'object') {
      fn(node as Json, name);
      for (const [key, value] of Object.entries(node as Json))
        if (key === 'properties' || key === '$defs')
          for (const [child, v] of Object.entries(value as Json)) visit(v, fn, child);
        else visit(value, fn, name);
    }
  };
  const enumKey = (n: Json) =>
    Array.isArray(n.enum) &&
    n.enum.length >= sharedEnumLength &&
    Object.keys(n).every((k) => k === 'type' || k === 'enum')
      ? JSON.stringify(n.enum)
      : null;
  visit(root, (n) => {
    const key = enumKey(n);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const names = new Map<string, string>();
  const defs = { ...((root.$defs as Json | undefined) ?? {}) };
  visit(root, (n, name) => {
    const key = enumKey(n);
    if (!key || (counts.get(key) ?? 0) < 2) return;
    let def = names.get(key);
    if (!def) {
      const base = name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase()) || 'Values';
      def = base in defs ? `${base}${names.size}` : base;
      names.set(key, def);
      defs[def] = { type: n.type, enum: n.enum };
    }
    for (const k of Object.keys(n)) delete n[k];
    n.$ref = `#/$defs/${def}`;
  });
  return names.size ? { ...root, $defs: defs } : root;
}

function compactNode(schema: unknown, tool: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => compactNode(item, tool));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  const ref = typeof node.$ref === 'string' ? node.$ref.replace('#/$defs/', '') : null;
  const owner = ref ? definitionOwners[ref] : undefined;
  if (owner && owner !== tool) {
    const what = typeof node.description === 'string' ? `${firstSentence(node.description)} ` : '';
    return { type: 'object', description: `${what}As \`filters\` in ${owner}.` };
  }
  const members = Array.isArray(node.anyOf) ? (compactNode(node.anyOf, tool) as Json[]) : undefined;
  if (members) {
    const one = oneShape(members);
    if (one) return compactNode({ ...one, description: node.description ?? one.description }, tool);
    const nullable = orNull(members);
    if (nullable)
      return compactNode({ ...nullable, description: node.description ?? nullable.description }, tool);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (!inputKeys.has(key)) continue;
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, compactNode(v, tool)]));
    } else if (key === 'description') {
      out[key] = firstSentence(String(value));
    } else if (key === 'default' && value === '') {
      // An empty default (an optional query) is what leaving the argument out says already.
    } else if (key === 'default' || key === 'enum' || key === 'const' || key === 'required') {
      out[key] = value;
    } else {
      out[key] = compactNode(value, tool);
    }
  }
  return collapseExclusions(out);
}

/**
 * The one shape a model should send where a field takes several: a boolean or number also
 * taken spelled as text (`"true"`, `"25"`: the server reads those, a model need not be told), or
 * text in two formats (a date or a date-time: the description says which).
 */
function oneShape(members: Json[]): Json | null {
  const spelled = (m: Json) => m.type === 'string' && (m.enum !== undefined || m.pattern !== undefined);
  const typed = members.filter((m) => !spelled(m));
  if (typed.length === 1 && typed[0]?.type !== 'string' && typed[0]?.type !== undefined) return typed[0];
  if (
    members.every((m) => m.type === 'string' && Object.keys(m).every((k) => k === 'type' || k === 'format'))
  )
    return { type: 'string' };
  return null;
}

/**
 * A value or null (`anyOf: [{type: T, ...}, {type: 'null'}]`) written as one schema whose type is
 * `[T, 'null']`: the same values, said in fewer words.
 */
function orNull(members: Json[]): Json | null {
  if (members.length !== 2) return null;
  const value = members.find((m) => m.type !== 'null');
  if (!members.some((m) => m.type === 'null' && Object.keys(m).length === 1)) return null;
  if (!value || typeof value.type !== 'string') return null;
  return { ...value, type: [value.type, 'null'] };
}

/**
 * `exclude` takes the filters' own keys: those whose values take the same shape as the filter of
 * that name are named in its description instead of written out again; the rest stay.
 */
function collapseExclusions(node: Json): Json {
  const properties = node.properties as Record<string, Json> | undefined;
  const exclude = properties?.exclude;
  const inner = exclude?.properties as Record<string, Json> | undefined;
  if (!properties || !exclude || !inner) return node;
  const shape = (n: Json | undefined) => {
    if (!n) return null;
    const { description: _, ...rest } = n;
    return JSON.stringify(rest);
  };
  const same = Object.keys(inner).filter((k) => shape(inner[k]) === shape(properties[k]));
  if (!same.length) return node;
  const rest = Object.fromEntries(Object.entries(inner).filter(([k]) => !same.includes(k)));
  const sentence = `Same keys as the filters: ${same.map((k) => `\`${k}\``).join(', ')}.`;
  properties.exclude = {
    type: 'object',
    description: `${exclude.description ?? ''} ${sentence}`.trim(),
    ...(Object.keys(rest).length ? { properties: rest } : {}),
  };
  return node;
}

/** The first sentence, keeping an example that follows it ("..., e.g. ..."). */
const firstSentence = (text: string): string => {
  const end = text.search(/\.\s+[A-Z]/);
  return end > 0 ? text.slice(0, end + 1) : text;
};
