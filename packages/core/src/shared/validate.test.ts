import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DossierError } from '../errors.js';
import { validate } from './validate.js';

describe('validate', () => {
  const schema = z.strictObject({
    limit: z.number().int().max(100),
    items: z.array(z.object({ email: z.email() })),
  });

  it('returns the parsed value', () => {
    expect(validate(schema, { limit: 5, items: [] })).toEqual({ limit: 5, items: [] });
  });

  it('names every failing field with its path, unknown keys included', () => {
    const error = (() => {
      try {
        validate(schema, { limit: 500, items: [{ email: 'nope' }], colour: 'red' });
      } catch (e) {
        return e as DossierError;
      }
    })();
    expect(error).toBeInstanceOf(DossierError);
    expect(error?.code).toBe('invalid_request');
    expect(error?.issues?.map((i) => i.path).sort()).toEqual(['colour', 'items.0.email', 'limit']);
    expect(error?.message).toContain('items.0.email');
  });

  const pathsOf = (raw: unknown) => {
    try {
      validate(z.unknown(), raw);
      return [];
    } catch (e) {
      return ((e as DossierError).issues ?? []).map((i) => `${i.path}: ${i.message}`);
    }
  };

  it('refuses NUL characters and lone surrogates anywhere, naming the field, before any schema runs', () => {
    expect(pathsOf({ job_id: '\u0000' })).toEqual(['job_id: must not contain a NUL character (\\u0000)']);
    expect(pathsOf({ records: [{ ok: 'fine' }, { email: 'a\u0000b' }] })).toEqual([
      'records.1.email: must not contain a NUL character (\\u0000)',
    ]);
    expect(pathsOf({ name: 'x\uD800' })).toEqual(['name: is not valid Unicode text (a lone surrogate)']);
    expect(pathsOf({ name: '\uDC00x' })).toEqual(['name: is not valid Unicode text (a lone surrogate)']);
    expect(pathsOf({ metadata: { 'a\u0000': 1 } })[0]).toMatch(/^metadata\."a\\u0000": field name must not/);
    // a well-formed pair is text like any other
    expect(pathsOf({ name: 'emoji \uD83D\uDE00', list: ['plain'] })).toEqual([]);
  });

  it('refuses nesting deeper than the limit without exhausting the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(pathsOf({ metadata: deep })[0]).toMatch(/^metadata(\.0)+: nests deeper than 32 levels$/);
    let ok: unknown = 'leaf';
    for (let i = 0; i < 30; i++) ok = { a: ok };
    expect(pathsOf(ok)).toEqual([]);
  });
});
