import { operations } from '@dossier/core';
import { describe, expect, it } from 'vitest';
import { operationSpecs } from '../src/index.js';

// Types are proved equal to the schemas by `typecheck` (src/generated/schema-check.ts); this proves
// the SDK knows every operation the server serves, and calls each the way the server routes it.
describe('generated operation table', () => {
  it('lists every registry operation with its method, path and safety (else run `pnpm --filter @dossier/sdk generate`)', () => {
    expect(Object.keys(operationSpecs)).toEqual(operations.map((op) => op.name));
    for (const op of operations) {
      const spec = operationSpecs[op.name as keyof typeof operationSpecs];
      expect(spec, op.name).toMatchObject({
        method: op.method,
        path: op.path,
        readOnly: op.readOnly,
        idempotent: op.idempotent,
      });
      expect((spec as { headers?: unknown }).headers ?? {}, op.name).toEqual(op.headers ?? {});
      expect((spec as { produces?: unknown }).produces, op.name).toBe(op.produces?.contentType);
    }
  });
});
