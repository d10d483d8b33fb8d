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
});
