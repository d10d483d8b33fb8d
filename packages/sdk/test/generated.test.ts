import { readFileSync } from 'node:fs';
import { operations, apiVersion as serverVersion } from '@dossier/core';
import { describe, expect, it } from 'vitest';
import { versionFiles } from '../scripts/generate-types.js';
import { apiVersion, operationSpecs } from '../src/index.js';

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

describe('one version for the API and both SDKs', () => {
  it('the generated files carry the API version (else run `pnpm --filter @dossier/sdk generate`)', async () => {
    const wanted = await versionFiles();
    expect(apiVersion).toBe(serverVersion);
    expect(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).toBe(wanted.packageJson);
    expect(readFileSync(new URL('../../sdk-python/src/dossier/_version.py', import.meta.url), 'utf8')).toBe(
      wanted.pythonVersion,
    );
  });

  it('each changelog has an entry for the version', () => {
    for (const file of ['../CHANGELOG.md', '../../sdk-python/CHANGELOG.md']) {
      expect(readFileSync(new URL(file, import.meta.url), 'utf8'), file).toContain(`\n## ${serverVersion}\n`);
    }
  });
});
