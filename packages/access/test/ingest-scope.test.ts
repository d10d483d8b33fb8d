import { primaryScopes } from '@dossier/core';
import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../src/key-store.js';
import { provisionKey } from '../src/provision.js';

// The shared data plane is operator-only: pushed records, signals and job postings are read by
// every tenant, so only an operator command may mint a key that writes them.
describe('the ingest scope', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is refused to key minting that is not an operator command, naming the field', async () => {
    const keys = createKeyStore(database.db, { hashSecret: 's' });
    const { orgId, projectId } = await provisionKey(database.db, keys, {
      org: `ing-${Date.now()}`,
      plan: 'free',
    });
    const scoped = keys.create({
      orgId,
      projectId,
      kind: 'scoped',
      scopes: ['search', 'ingest'],
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await expect(scoped).rejects.toMatchObject({ code: 'invalid_request', issues: [{ path: 'scopes.1' }] });
    const primary = keys.create({ orgId, projectId, kind: 'primary', scopes: [...primaryScopes, 'ingest'] });
    await expect(primary).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('is granted by the operator path (dossier keys create --ingest)', async () => {
    const keys = createKeyStore(database.db, { hashSecret: 's' });
    const made = await provisionKey(database.db, keys, {
      org: `op-${Date.now()}`,
      plan: 'free',
      key: { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
    });
    const [summary] = await keys.list(made.orgId);
    expect(summary?.scopes).toContain('ingest');
  });
});
