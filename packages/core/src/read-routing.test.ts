import type { Database } from '@dossier/db';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Context, silentLogger } from './context.js';
import { defineOperation } from './operation.js';
import { operations } from './registry/operations.js';
import { runOperation } from './run-operation.js';

// Which database an operation's handler gets: the replica reader for operations that declare
// `replicaReads`, the primary for everything else; a write keeps its organization on the primary.
const base = {
  method: 'POST',
  path: '/v1/test',
  summary: 'test',
  description: 'test',
  title: 'Test',
  scope: 'search',
  input: z.object({ live: z.boolean().optional() }),
  output: z.object({ db: z.string() }),
  example: { input: {} },
  idempotent: true,
  openWorld: false,
} as const;
const named = (ctx: Context) => ({ db: (ctx.db as unknown as { name: string }).name });
const read = defineOperation({
  ...base,
  name: 'read',
  readOnly: true,
  replicaReads: true,
  handler: async (ctx) => named(ctx),
});
const liveRead = defineOperation({
  ...base,
  name: 'live_read',
  readOnly: true,
  replicaReads: (_ctx, input) => input.live === false,
  handler: async (ctx) => named(ctx),
});
const primaryRead = defineOperation({
  ...base,
  name: 'primary_read',
  readOnly: true,
  handler: async (ctx) => named(ctx),
});
const write = defineOperation({
  ...base,
  name: 'write',
  readOnly: false,
  handler: async (ctx) => named(ctx),
});

const routedDatabase = () => {
  const wrote = new Set<string>();
  const replica = { name: 'replica' } as unknown as Database;
  const primary = {
    name: 'primary',
    reader: (key?: string) => (key && wrote.has(key) ? primary : replica),
    noteWrite: (key: string) => wrote.add(key),
  } as unknown as Database;
  return primary;
};
const context = (db: Database, orgId: string): Context => ({
  db,
  caller: { orgId, projectId: 'prj', keyId: 'key', scopes: new Set(['search']) },
  requestId: 'req',
  log: silentLogger,
  now: () => new Date(),
});

describe('read routing in runOperation', () => {
  it('gives declared reads the replica, other operations the primary', async () => {
    const db = routedDatabase();
    expect(await runOperation(read, context(db, 'org_a'), {})).toEqual({ db: 'replica' });
    expect(await runOperation(primaryRead, context(db, 'org_a'), {})).toEqual({ db: 'primary' });
    expect(await runOperation(liveRead, context(db, 'org_a'), {})).toEqual({ db: 'primary' });
    expect(await runOperation(liveRead, context(db, 'org_a'), { live: false })).toEqual({ db: 'replica' });
    expect(await runOperation(write, context(db, 'org_a'), {})).toEqual({ db: 'primary' });
  });

  it('reads an organization that wrote from the primary, others still from the replica', async () => {
    const db = routedDatabase();
    await runOperation(write, context(db, 'org_writer'), {});
    expect(await runOperation(read, context(db, 'org_writer'), {})).toEqual({ db: 'primary' });
    expect(await runOperation(read, context(db, 'org_other'), {})).toEqual({ db: 'replica' });
  });

  it('uses the one database there is when no replica is configured', async () => {
    const db = { name: 'only' } as unknown as Database;
    expect(await runOperation(read, context(db, 'org_a'), {})).toEqual({ db: 'only' });
  });

  it('lets only read-only lookups, searches, intent and usage reads use a replica', () => {
    const replicaReads = operations.filter((op) => op.replicaReads);
    expect(replicaReads.map((op) => op.name).sort()).toEqual([
      'enrich',
      'get_company',
      'get_person',
      'get_usage',
      'intent',
      'list_intent_topics',
      'search',
      'search_companies',
      'search_people',
    ]);
    for (const op of replicaReads) expect(op.readOnly, op.name).toBe(true);
  });
});
