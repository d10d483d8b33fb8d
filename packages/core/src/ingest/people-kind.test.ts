import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  employment,
  entityRedirects,
  jobChanges,
  people,
  personEmails,
  personKeys,
  personValueSources,
  sourceRecords,
  sources,
} from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count, eq, notExists } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { peopleKind } from './people-kind.js';
import { runImport } from './run-import.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-people-'));
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
};
const header = 'First Name,Last Name,Email,Phone,LinkedIn,Company,Website,Job Title,City,Country';

describe('runImport with people', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());
  const total = async (table: typeof people | typeof sourceRecords | typeof jobChanges) => {
    const [row] = await (await database).db.select({ n: count() }).from(table);
    return Number(row?.n);
  };

  it('loads, links duplicates, rejects with row numbers, keeps provenance, and is idempotent', async () => {
    const db = await database;
    const path = file('people.csv', [
      header,
      'Robert,Miller,robert.miller@acme.example,+1 415 555 0100,https://www.linkedin.com/in/robmiller/,Acme Inc,acme.example,VP Sales,San Francisco,US',
      'Bob,Miller,ROBERT.MILLER@acme.example,(415) 555-0100,,Acme,,Vice President of Sales,San Francisco,US',
      'Ana,Lopez,not-an-email,,,Globex,globex.example,Engineer,Madrid,ES',
      ',,,,,,,,,',
      'Ana,Lopez,ana@globex.example,,,Globex,globex.example,Engineer,Madrid,ES',
    ]);
    const first = await runImport({ database: db, path, source: 'crm', kind: peopleKind });
    expect(first).toMatchObject({ rows: 5, loaded: 2, merged: 1, rejected: 2 });
    const rejects = readFileSync(first.rejectsPath as string, 'utf8');
    expect(rejects).toContain('3,not an email address: not-an-email');
    expect(rejects).toContain('4,blank row');
    const [email] = await db.db
      .select()
      .from(personEmails)
      .where(eq(personEmails.email, 'robert.miller@acme.example'));
    expect(email).toMatchObject({ type: 'work', numSources: 1 });
    const [robert] = await db.db
      .select()
      .from(people)
      .where(eq(people.id, email?.personId as string));
    expect(robert).toMatchObject({
      firstName: expect.stringMatching(/Robert|Bob/),
      lastName: 'Miller',
      seniority: 'vp',
      country: 'US',
    });

    const again = await runImport({ database: db, path, source: 'crm', kind: peopleKind });
    expect(again).toMatchObject({ loaded: 0, merged: 0, unchanged: 3, rejected: 2 });
    expect(await total(people)).toBe(2);

    // A second source confirming the email raises num_sources; a more trusted source wins the golden title.
    await runImport({ database: db, path, source: 'vendor', kind: peopleKind });
    await db.db.update(sources).set({ trust: 0.9 }).where(eq(sources.name, 'vendor'));
    const trusted = file('trusted.csv', [
      header,
      'Robert,Miller,robert.miller@acme.example,,,Acme Inc,acme.example,SVP Sales,,US',
    ]);
    expect(
      await runImport({ database: db, path: trusted, source: 'vendor', kind: peopleKind }),
    ).toMatchObject({ merged: 1 });
    const low = file('low.csv', [
      header,
      'Robert,Miller,robert.miller@acme.example,,,Acme Inc,acme.example,Sales Rep,,US',
    ]);
    expect(await runImport({ database: db, path: low, source: 'crm', kind: peopleKind })).toMatchObject({
      merged: 1,
    });
    const [after] = await db.db
      .select()
      .from(personEmails)
      .where(eq(personEmails.email, 'robert.miller@acme.example'));
    expect(after?.numSources).toBe(2);
    const [golden] = await db.db
      .select()
      .from(people)
      .where(eq(people.id, email?.personId as string));
    expect(golden?.title).toBe('SVP Sales');
    const sourcesOfEmail = await db.db
      .select()
      .from(personValueSources)
      .where(eq(personValueSources.value, 'robert.miller@acme.example'));
    expect(sourcesOfEmail).toHaveLength(2);
  });

  it('resumes after an interrupted run with no row lost or doubled', async () => {
    const db = await database;
    const lines = [
      header,
      ...Array.from(
        { length: 40 },
        (_, i) =>
          `Person${i},Resume${i},p${i}@resume${i}.example,,,Resume ${i},resume${i}.example,Engineer,,US`,
      ),
    ];
    const path = file('resume.csv', lines);
    const before = await total(people);
    let batches = 0;
    await expect(
      runImport({
        database: db,
        path,
        source: 'resume',
        kind: peopleKind,
        batchSize: 10,
        onProgress: () => {
          if (++batches === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const rerun = await runImport({ database: db, path, source: 'resume', kind: peopleKind, batchSize: 10 });
    expect(rerun).toMatchObject({ loaded: 20, unchanged: 20, rejected: 0 });
    expect((await total(people)) - before).toBe(40);
  });

  it('keeps namesakes at one company apart and links a job changer, recording the change', async () => {
    const db = await database;
    const path = file('hard.csv', [
      header,
      'John,Smith,john.smith@initech.example,,https://linkedin.com/in/john-smith-1,Initech,initech.example,Engineer,Austin,US',
      'John,Smith,jsmith@initech.example,,https://linkedin.com/in/john-smith-2,Initech,initech.example,Engineer,Austin,US',
      'Maria,Garcia,maria.garcia@hooli.example,+1 650 555 0199,https://www.linkedin.com/in/mariagarcia,Hooli,hooli.example,Engineering Manager,Palo Alto,US',
    ]);
    expect(await runImport({ database: db, path, source: 'events', kind: peopleKind })).toMatchObject({
      loaded: 3,
    });
    const moved = file('moved.csv', [
      header,
      'Maria,Garcia,maria@piedpiper.example,,https://linkedin.com/in/MariaGarcia?trk=x,Pied Piper,piedpiper.example,Director of Engineering,San Francisco,US',
      'Jon,Smith,j.smith@initech.example,,,Initech,initech.example,Engineer,Austin,US',
    ]);
    const summary = await runImport({ database: db, path: moved, source: 'partner', kind: peopleKind });
    expect(summary.merged).toBe(1);
    const smiths = await db.db.select().from(people).where(eq(people.lastName, 'Smith'));
    expect(smiths.length).toBeGreaterThanOrEqual(2);
    const [change] = await db.db.select().from(jobChanges);
    expect(change).toMatchObject({
      fromTitle: 'Engineering Manager',
      toTitle: 'Director of Engineering',
      isPromotion: true,
    });
    expect(change?.confidence).toBeGreaterThan(0.9);
    const history = await db.db
      .select()
      .from(employment)
      .where(eq(employment.personId, change?.personId as string));
    expect(history.find((h) => h.isCurrent)?.companyName).toBe('Pied Piper');
    expect(history.find((h) => !h.isCurrent)?.endedAt).toBeTruthy();
  });

  it('merges two persons one record proves to be one, and the old id redirects to the survivor', async () => {
    const db = await database;
    const path = file('split.csv', [
      header,
      'K.,Tanaka,kenji.tanaka@gmail.com,,,,,,Osaka,JP',
      'Kenji,Tanaka,,,https://jp.linkedin.com/in/kenjitanaka,Umbrella,umbrella.example,CTO,Tokyo,JP',
    ]);
    expect(await runImport({ database: db, path, source: 'split', kind: peopleKind })).toMatchObject({
      loaded: 2,
    });
    const bridge = file('bridge.csv', [
      header,
      'Kenji,Tanaka,kenji.tanaka@gmail.com,,linkedin.com/in/kenjitanaka,Umbrella,umbrella.example,CTO,Tokyo,JP',
    ]);
    expect(await runImport({ database: db, path: bridge, source: 'bridge', kind: peopleKind })).toMatchObject(
      { merged: 1 },
    );
    const tanakas = await db.db.select().from(people).where(eq(people.lastName, 'Tanaka'));
    expect(tanakas).toHaveLength(1);
    const [redirect] = await db.db.select().from(entityRedirects);
    expect(redirect?.toId).toBe(tanakas[0]?.id);
    const records = await db.db
      .select()
      .from(sourceRecords)
      .where(eq(sourceRecords.entityId, tanakas[0]?.id as string));
    expect(records).toHaveLength(3);
    // The merged-away person's blocking keys and value sources went with it (no foreign key; a trigger).
    for (const table of [personKeys, personValueSources]) {
      const [orphans] = await db.db
        .select({ n: count() })
        .from(table)
        .where(notExists(db.db.select().from(people).where(eq(people.id, table.personId))));
      expect(orphans?.n).toBe(0);
      const [moved] = await db.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.personId, redirect?.fromId as string));
      expect(moved?.n).toBe(0);
    }
  });
});
