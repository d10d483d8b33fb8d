import type { z } from 'zod';

/** True when zod's parse of the value would answer the value itself, unchanged. */
export type OutputCheck = (value: unknown) => boolean;

/** What this module reads of a zod 4 schema: its definition and, for enums and literals, its values. */
interface Schema {
  _zod: { def: Def; values?: ReadonlySet<unknown> };
}
interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; value?: unknown; inclusive?: boolean } } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  keyType?: Schema;
  valueType?: Schema;
  /** False for an exclusive union (xor) and a discriminated one, which zod decides otherwise. */
  inclusive?: boolean;
  discriminator?: unknown;
}

const compiled = new WeakMap<object, OutputCheck | null>();

/**
 * A check that answers true only for a value zod's `safeParse` would accept and return as it is:
 * every object a plain one whose keys are its schema's keys in the schema's order (zod builds its
 * copy in that order), none undefined, none undocumented; arrays without holes; and no schema that
 * could change a value (defaults, transforms, refinements, string checks, unknown number checks are
 * not compiled: null, and the caller parses). Parsing a 4 KB answer made zod copy every object and
 * array of it; checking it allocates nothing. False means nothing but "parse it to find out".
 */
export function outputCheck(schema: z.ZodType): OutputCheck | null {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema as unknown as Schema);
    compiled.set(schema, check);
  }
  return check;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Checks whose false means zod refuses the value too (no object or array inside to strip or
 * copy): a union may try the next option after one of these says no.
 */
const exact = new WeakSet<OutputCheck>();
const exactly = (check: OutputCheck) => {
  exact.add(check);
  return check;
};
const wrap = (inner: OutputCheck | null, check: (inner: OutputCheck) => OutputCheck) => {
  if (!inner) return null;
  const outer = check(inner);
  return exact.has(inner) ? exactly(outer) : outer;
};

function compile(schema: Schema): OutputCheck | null {
  const def = schema._zod.def;
  const checks = def.checks ?? [];
  if (def.type === 'number') return numberCheck(checks);
  if (checks.length > 0) return null;
  switch (def.type) {
    case 'string':
      return exactly((v) => typeof v === 'string');
    case 'boolean':
      return exactly((v) => typeof v === 'boolean');
    case 'unknown':
      return exactly(() => true);
    case 'enum':
    case 'literal': {
      const values = schema._zod.values;
      return values ? exactly((v) => values.has(v)) : null;
    }
    case 'nullable':
      return wrap(compile(def.innerType as Schema), (inner) => (v) => v === null || inner(v));
    case 'optional':
      return wrap(compile(def.innerType as Schema), (inner) => (v) => v === undefined || inner(v));
    case 'nonoptional':
      return wrap(compile(def.innerType as Schema), (inner) => (v) => v !== undefined && inner(v));
    case 'array': {
      const element = compile(def.element as Schema);
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (v[i] === undefined || !element(v[i])) return false;
        return true;
      };
    }
    case 'object':
      return def.catchall ? null : objectCheck(def.shape as Record<string, Schema>);
    case 'record':
      return recordCheck(def.keyType as Schema, def.valueType as Schema);
    case 'union':
      return def.inclusive === false || def.discriminator !== undefined
        ? null
        : unionCheck(def.options as Schema[]);
    default:
      return null;
  }
}

function numberCheck(checks: NonNullable<Def['checks']>): OutputCheck | null {
  const parts: OutputCheck[] = [(v) => typeof v === 'number' && Number.isFinite(v)];
  for (const { _zod } of checks) {
    const { check, format, value, inclusive } = _zod.def;
    if (check === 'number_format' && format === 'safeint') parts.push((v) => Number.isSafeInteger(v));
    else if (check === 'greater_than' && typeof value === 'number')
      parts.push(inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value);
    else if (check === 'less_than' && typeof value === 'number')
      parts.push(inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value);
    else return null;
  }
  return exactly((v) => parts.every((part) => part(v)));
}

/**
 * The object's own keys must walk the shape in order, skipping only optional ones: zod's copy
 * lists the shape's keys in shape order and leaves out undocumented ones.
 */
function objectCheck(shape: Record<string, Schema>): OutputCheck | null {
  const keys = Object.keys(shape);
  if (keys.includes('__proto__') || Object.getOwnPropertySymbols(shape).length > 0) return null;
  const checks: OutputCheck[] = [];
  for (const key of keys) {
    const check = compile(shape[key] as Schema);
    if (!check) return null;
    checks.push(check);
  }
  const optional = keys.map((key) => (shape[key] as Schema)._zod.def.type === 'optional');
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !isPlain(v)) return false;
    let i = 0;
    for (const key in v) {
      while (i < keys.length && keys[i] !== key) {
        if (!optional[i]) return false;
        i++;
      }
      if (i === keys.length) return false; // undocumented, or out of the shape's order
      const value = (v as Record<string, unknown>)[key];
      if (value === undefined || !(checks[i] as OutputCheck)(value)) return false;
      i++;
    }
    for (; i < keys.length; i++) if (!optional[i]) return false;
    return true;
  };
}

/** Plain string keys only (zod copies them in the object's own order). */
function recordCheck(keyType: Schema, valueType: Schema): OutputCheck | null {
  const keyDef = keyType._zod.def;
  if (keyDef.type !== 'string' || (keyDef.checks ?? []).length > 0) return null;
  const value = compile(valueType);
  if (!value) return null;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !isPlain(v)) return false;
    if (Object.getOwnPropertySymbols(v).length > 0) return false;
    for (const key in v) {
      const item = (v as Record<string, unknown>)[key];
      if (key === '__proto__' || item === undefined || !value(item)) return false;
    }
    return true;
  };
}

/**
 * zod answers the first option that parses, changed or not: the option that takes the value as it
 * is counts only when every option before it is one zod refuses too (an exact check said no).
 */
function unionCheck(options: Schema[]): OutputCheck | null {
  const checks: OutputCheck[] = [];
  for (const option of options) {
    const check = compile(option);
    if (!check) return null;
    checks.push(check);
  }
  const union: OutputCheck = (v) => {
    for (const check of checks) {
      if (check(v)) return true;
      if (!exact.has(check)) return false;
    }
    return false;
  };
  return checks.every((check) => exact.has(check)) ? exactly(union) : union;
}
