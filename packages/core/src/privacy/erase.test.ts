import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Database,
  emailVerifications,
  jobChanges,
  jobItems,
  jobRuns,
  organizations,
  people,
} from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichContext } from '../../testing/enrich-fixtures.js';
import { buildAudienceOperation } from '../audience/build-audience.js';
import { enrichOperation } from '../enrich/enrich.js';
import { peopleKind } from '../ingest/people-kind.js';
import { runImport } from '../ingest/run-import.js';
import { getPersonOperation } from '../person/get-person.js';
import { runOperation } from '../run-operation.js';
import { searchPeopleOperation } from '../search/operations.js';
import { run } from '../shared/sql-rows.js';
import { suppressedResult } from '../verify/suppressed.js';
import { verifyEmailsOperation } from '../verify/verify-emails.js';
import { indexJobItems } from './index-job-items.js';
import { privacyAccessOperation, privacyEraseOperation, privacySuppressOperation } from './operations.js';
import { useInstanceSecret } from './secret.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-privacy-'));
const header = 'First Name,Last Name,Email,Phone,LinkedIn,Company,Website,Job Title,City,Country';
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, [header, ...lines].join('\n'));
  return path;
};
const EMAIL = 'jane.privacy@acme.example';
const PHONE = '+14155550142';
const SLUG = 'jane-privacy-4242';
const files = [
  file('crm.csv', [
    `Jane,Privacy,${EMAIL},+1 415 555 0142,https://www.linkedin.com/in/${SLUG}/,Acme Inc,acme.example,VP Sales,San Francisco,US`,
    'Bob,Keeper,bob.keeper@acme.example,,,Acme Inc,acme.example,Engineer,San Francisco,US',
  ]),
  file('vendor.csv', [`Jane,Privacy,${EMAIL},,,Acme,acme.example,Vice President of Sales,San Francisco,US`]),
  file('list.csv', [
    `Jane,Privacy,,(415) 555-0142,linkedin.com/in/${SLUG},Globex,globex.example,Chief Revenue Officer,San Francisco,US`,
  ]),
];
const sources = ['crm', 'vendor', 'list'];

const ctx = (database: Database) =>
  enrichContext(database, { scopes: ['enrich', 'person', 'search', 'pii', 'privacy', 'verify', 'audience'] });
const call = (database: Database, op: unknown, input: unknown) =>
  runOperation(op as never, ctx(database), input);

/** Every row of every table whose text holds one of the needles: table name and needle. */
async function scan(database: Database, needles: string[], skip: string[] = []) {
  const tables = await run<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const hits: string[] = [];
  for (const { table_name: table } of tables) {
    if (skip.includes(table)) continue;
    for (const needle of needles) {
      const [row] = await run<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} t where strpos(lower(t::text), lower(${needle})) > 0`,
      );
      if (row && row.n > 0) hits.push(`${table}: ${needle}`);
    }
  }
  return hits;
}

describe('privacy: erase a person from everywhere and keep them out', () => {
  let database: Database;
  beforeAll(async () => {
    useInstanceSecret('a-test-instance-secret-of-32-characters!');
    database = await createTestDatabase();
    await database.db.insert(organizations).values({ id: 'org_test', name: 'Test', slug: 'test' });
  }, 600_000);
  afterAll(async () => database?.close());

  it('imports from three sources, is used everywhere, then erased leaves nothing and cannot come back', async () => {
    for (const [i, path] of files.entries())
      await runImport({ database, path, source: sources[i] as string, kind: peopleKind });
    const [holder] = await run<{ person_id: string }>(
      database.db,
      sql`select person_id from person_emails where email = ${EMAIL}`,
    );
    const id = holder?.person_id as string;
    expect(id).toMatch(/^per_/);

    // Used: enriched, found by search, verified (cached result and a verification job), in an audience job.
    const enriched = (await call(database, enrichOperation, { email: EMAIL })) as { person?: { id: string } };
    expect(JSON.stringify(enriched)).toContain(id);
    const found = await call(database, searchPeopleOperation, { query: 'Privacy', limit: 10 });
    expect(JSON.stringify(found)).toContain(id);
    const now = new Date();
    await database.db.insert(emailVerifications).values({
      email: EMAIL,
      domain: 'acme.example',
      status: 'valid',
      result: { email: EMAIL, status: 'valid' },
      checkedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await database.db.insert(jobRuns).values([
      {
        id: 'job_verify',
        orgId: 'org_test',
        kind: 'verify',
        status: 'succeeded',
        total: 2,
        done: 2,
        finishedAt: now,
      },
      {
        id: 'job_audience',
        orgId: 'org_test',
        kind: 'audience',
        status: 'succeeded',
        total: 2,
        done: 2,
        finishedAt: now,
      },
    ]);
    const hashed = createHash('sha256').update(EMAIL).digest('hex');
    await database.db.insert(jobItems).values([
      {
        jobId: 'job_verify',
        seq: 0,
        input: EMAIL,
        status: 'done',
        result: { email: EMAIL, status: 'valid' },
      },
      {
        jobId: 'job_verify',
        seq: 1,
        input: 'bob.keeper@acme.example',
        status: 'done',
        result: { status: 'valid' },
      },
      {
        jobId: 'job_audience',
        seq: 0,
        input: { person_ids: [id, 'per_other'], first_index: 0 },
        status: 'done',
        result: {
          summary: { matched: 2 },
          results: [
            { index: 0, person_id: id, email: [hashed] },
            { index: 1, person_id: 'per_other', email: ['0'.repeat(64)] },
          ],
        },
      },
    ]);
    // Indexed as a worker does at start: erasure and the access request find them by their subjects.
    expect(await indexJobItems(database.db)).toBe(3);
    const changes = await database.db
      .select({ n: count() })
      .from(jobChanges)
      .where(eq(jobChanges.personId, id));
    expect(Number(changes[0]?.n)).toBeGreaterThan(0);

    // The access request shows it all, found by any identifier.
    for (const identifier of [EMAIL, PHONE, `https://linkedin.com/in/${SLUG}`, id]) {
      const doc = (await call(database, privacyAccessOperation, { identifier })) as {
        people: {
          id: string;
          emails: { sources: string[] }[];
          used_in: { jobs: unknown[] };
          signals: { job_changes: unknown[] };
        }[];
      };
      expect(doc.people.map((p) => p.id)).toEqual([id]);
      const person = doc.people[0];
      expect(person?.emails[0]?.sources).toEqual(['crm', 'vendor']);
      expect(person?.used_in.jobs).toHaveLength(2);
      expect(person?.signals.job_changes.length).toBeGreaterThan(0);
    }

    const erased = (await call(database, privacyEraseOperation, { identifier: EMAIL })) as {
      request_ref: string;
      status: string;
    };
    expect(erased.status).toBe('erased');
    expect(erased.request_ref).toMatch(/^prv_/);

    const needles = [EMAIL, PHONE, PHONE.slice(1), SLUG, 'Jane', hashed];
    expect(await scan(database, needles)).toEqual([]);
    expect(await scan(database, [id], ['privacy_erasures'])).toEqual([]);
    // Others stay: Bob, his verification item, the other audience result.
    expect(await scan(database, ['bob.keeper@acme.example', 'per_other'])).toEqual(
      expect.arrayContaining(['person_emails: bob.keeper@acme.example', 'job_items: per_other']),
    );

    await expect(call(database, getPersonOperation, { id })).rejects.toThrow(/gone/);
    await expect(call(database, enrichOperation, { email: EMAIL })).rejects.toThrow(/No person matched/);

    // Again: the same reference, nothing left.
    const again = (await call(database, privacyEraseOperation, { identifier: EMAIL })) as {
      request_ref: string;
      status: string;
    };
    expect(again).toMatchObject({ request_ref: erased.request_ref, status: 'nothing_held' });

    // Re-importing the three files brings nothing back; each row is rejected with a reason naming no one.
    const before = await database.db.select({ n: count() }).from(people);
    for (const [i, path] of files.entries()) {
      const summary = await runImport({ database, path, source: sources[i] as string, kind: peopleKind });
      expect(summary.loaded + summary.merged).toBe(0);
    }
    const after = await database.db.select({ n: count() }).from(people);
    expect(after).toEqual(before);
    expect(await scan(database, needles)).toEqual([]);
    const audit = await run<{ action: string; target_id: string; data: unknown }>(
      database.db,
      sql`select action, target_id, data from audit_log where action like 'privacy.%'`,
    );
    expect(audit.map((a) => a.action)).toContain('privacy.erase');
    expect(JSON.stringify(audit)).not.toMatch(/jane|privacy@|per_/i);
  }, 300_000);

  it('suppressing a person removes their contacts and refuses their rows', async () => {
    const path = file('dnc.csv', [
      'Dana,Quiet,dana.quiet@acme.example,+1 415 555 0199,,Acme Inc,acme.example,CTO,Austin,US',
    ]);
    await runImport({ database, path, source: 'dnc', kind: peopleKind });
    const out = (await call(database, privacySuppressOperation, {
      identifier: 'dana.quiet@acme.example',
    })) as {
      people: number;
      removed_contacts: number;
    };
    expect(out).toMatchObject({ people: 1, removed_contacts: 2 });
    expect(await scan(database, ['dana.quiet@acme.example', '+14155550199'], ['source_records'])).toEqual([]);
    // Verify never checks it (the verifier is not even asked); an audience never hashes it.
    const asked: string[] = [];
    const verifier = {
      verify: async (emails: string[]) => {
        asked.push(...emails);
        return emails.map((e) => suppressedResult(e));
      },
    };
    const verified = (await runOperation(
      verifyEmailsOperation as never,
      { ...ctx(database), verifier } as never,
      {
        emails: ['Dana.Quiet@acme.example', 'bob.keeper@acme.example'],
      },
    )) as { results: { reason: string }[] };
    expect(verified.results[0]?.reason).toBe('suppressed');
    expect(asked).toEqual(['bob.keeper@acme.example']);
    const audience = await call(database, buildAudienceOperation, {
      network: 'meta',
      contacts: [{ email: 'dana.quiet@acme.example', phone: '+1 415 555 0199' }],
    });
    const text = JSON.stringify(audience);
    expect(text).not.toContain(createHash('sha256').update('dana.quiet@acme.example').digest('hex'));
    expect(text).not.toContain(createHash('sha256').update('14155550199').digest('hex'));
    const second = file('dnc2.csv', ['Dana,Quiet,,+1 415 555 0199,,Acme Inc,acme.example,CTO,Austin,US']);
    const summary = await runImport({ database, path: second, source: 'other', kind: peopleKind });
    expect(summary).toMatchObject({ loaded: 0, merged: 0, rejected: 1 });
  }, 120_000);
});
