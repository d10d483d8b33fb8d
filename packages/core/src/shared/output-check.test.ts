import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Context, silentLogger } from '../context.js';
import { defineOperation } from '../operation.js';
import { operations } from '../registry/operations.js';
import { runOperation } from '../run-operation.js';
import { outputCheck } from './output-check.js';

const item = z.object({
  name: z.string(),
  kind: z.enum(['a', 'b']),
  score: z.number().min(0).max(1),
  count: z.number().int(),
  note: z.string().nullable(),
  extra: z.unknown().optional(),
});
const answer = z.object({
  id: z.string(),
  status: z.union([z.literal(200), z.literal(404)]),
  items: z.array(item),
  tags: z.record(z.string(), z.string()).optional(),
  parent: item.nullable(),
  flag: z.boolean(),
});
const good = () => ({
  id: 'x',
  status: 404,
  items: [
    { name: 'n', kind: 'a', score: 0.5, count: 3, note: null, extra: { any: ['thing'] } },
    { name: 'm', kind: 'b', score: 1, count: -2, note: 'y' },
  ],
  tags: { one: 'two' },
  parent: null,
  flag: true,
});

/** The check may say yes only where zod answers the same value; it must say no to what zod changes or refuses. */
function agrees(schema: z.ZodType, value: unknown): boolean {
  const check = outputCheck(schema);
  if (!check) throw new Error('not compiled');
  const passed = check(value);
  const parsed = schema.safeParse(value);
  if (passed) {
    expect(parsed.success).toBe(true);
    expect(isDeepStrictEqual(parsed.data, value)).toBe(true);
    expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(value));
  }
  return passed;
}

describe('outputCheck', () => {
  it('passes an answer already in its documented shape', () => {
    expect(agrees(answer, good())).toBe(true);
    expect(agrees(answer, { ...good(), tags: undefined })).toBe(false); // present but undefined
    const { tags: _tags, ...withoutTags } = good();
    expect(agrees(answer, withoutTags)).toBe(true);
  });

  it('refuses what zod would strip, reorder or refuse', () => {
    const cases: ((v: ReturnType<typeof good>) => unknown)[] = [
      (v) => ({ ...v, secret: 1 }), // undocumented at the top
      (v) => ({ ...v, items: [{ ...v.items[0], secret: 1 }] }), // undocumented inside
      (v) => ({ ...v, flag2: undefined }),
      (v) => Object.fromEntries(Object.entries(v).reverse()), // out of the schema's order
      (v) => ({ ...v, id: undefined }),
      (v) => {
        const { flag: _flag, ...rest } = v;
        return rest; // required key missing
      },
      (v) => ({ ...v, status: 500 }),
      (v) => ({ ...v, items: [{ ...v.items[0], score: Number.NaN }] }),
      (v) => ({ ...v, items: [{ ...v.items[0], score: 1.5 }] }),
      (v) => ({ ...v, items: [{ ...v.items[0], count: 1.5 }] }),
      (v) => ({ ...v, items: [{ ...v.items[0], count: Number.POSITIVE_INFINITY }] }),
      (v) => ({ ...v, items: [{ ...v.items[0], kind: 'c' }] }),
      (v) => ({ ...v, items: [undefined] }),
      (v) => ({ ...v, tags: { one: 2 } }),
      (v) => ({ ...v, parent: new (class Item {})() }),
      (v) => ({ ...v, parent: new Date() }),
      (v) => ({ ...v, items: {} }),
    ];
    for (const change of cases) expect(agrees(answer, change(good()))).toBe(false);
  });

  it('leaves a union to zod when an earlier option would take the value with changes', () => {
    const narrow = z.object({ a: z.string() });
    const wide = z.object({ a: z.string(), b: z.string() });
    expect(agrees(z.union([narrow, wide]), { a: 'x', b: 'y' })).toBe(false); // zod strips b
    expect(agrees(z.union([wide, narrow]), { a: 'x', b: 'y' })).toBe(true);
    expect(agrees(z.union([z.literal('x'), narrow]), { a: 'x' })).toBe(true);
  });

  it('compiles nothing that could change a value', () => {
    expect(outputCheck(z.object({ a: z.string().default('x') }))).toBeNull();
    expect(outputCheck(z.object({ a: z.string().transform((s) => s.trim()) }))).toBeNull();
    expect(outputCheck(z.object({ a: z.string().trim() }))).toBeNull();
    expect(outputCheck(z.object({ a: z.string() }).refine(() => true))).toBeNull();
    expect(outputCheck(z.looseObject({ a: z.string() }))).toBeNull();
    expect(outputCheck(z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]))).toBeNull();
  });

  it("agrees with zod on every operation's example answer", () => {
    let compiled = 0;
    for (const op of operations) {
      if (outputCheck(op.output)) compiled++;
      if (op.example.output !== undefined && outputCheck(op.output)) agrees(op.output, op.example.output);
    }
    expect(compiled).toBeGreaterThan(operations.length / 2);
  });

  it('runOperation still strips an undocumented field from an answer', async () => {
    const op = defineOperation({
      name: 'leaky',
      title: 'Leaky',
      method: 'GET',
      path: '/v1/leaky',
      summary: 'test',
      description: 'test',
      scope: 'search',
      input: z.object({}),
      output: z.object({ kept: z.string() }),
      example: { input: {} },
      readOnly: true,
      idempotent: true,
      openWorld: false,
      handler: async () => ({ kept: 'yes', internal: 'no' }) as { kept: string },
    });
    const ctx = {
      db: {},
      caller: { orgId: 'o', projectId: 'p', keyId: 'k', scopes: new Set(['search']) },
      requestId: 'r',
      log: silentLogger,
      now: () => new Date(),
    } as unknown as Context;
    expect(await runOperation(op, ctx, {})).toEqual({ kept: 'yes' });
  });
});
