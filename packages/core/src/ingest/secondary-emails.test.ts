import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { people, personEmails } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { peopleKind } from './people-kind.js';
import { runImport } from './run-import.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-secondary-'));
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
};

/**
 * Extra address columns (Secondary Email, E-mail 2 Address) are matching keys, not only stored
 * contacts: a later file that knows a person only by such an address joins the same person.
 */
// A first import loads the resolver's models: tens of seconds on a busy 2-core machine.
describe('secondary emails match', { timeout: 180_000 }, () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  const personOf = async (email: string) => {
    const rows = await (await database).db.select().from(personEmails);
    return rows.find((r) => r.email === email)?.personId;
  };

  it('joins the namesake whose secondary address the later file gives', async () => {
    const db = await database;
    // Two Maren Okafors: the name alone cannot say which one a later record is.
    const crm = file('crm.csv', [
      'First Name,Last Name,Email,Secondary Email,Company,Website',
      'Maren,Okafor,maren.okafor@contoso.example,,Contoso,contoso.example',
      'Maren,Okafor,maren.okafor@fabrikam.example,maren.private@gmail.com,Fabrikam,fabrikam.example',
    ]);
    // A newsletter list that knows her by her private address only.
    const list = file('list.csv', [
      'First Name,Last Name,Email,City',
      'Maren,Okafor,maren.private@gmail.com,Lagos',
    ]);
    expect(await runImport({ database: db, path: crm, source: 'crm', kind: peopleKind })).toMatchObject({
      loaded: 2,
    });
    const summary = await runImport({ database: db, path: list, source: 'list', kind: peopleKind });
    expect(summary).toMatchObject({ loaded: 0, merged: 1, rejected: 0 });
    expect(await db.db.$count(people)).toBe(2);
    expect(await personOf('maren.private@gmail.com')).toBe(await personOf('maren.okafor@fabrikam.example'));
    expect(await personOf('maren.private@gmail.com')).not.toBe(
      await personOf('maren.okafor@contoso.example'),
    );
  });

  it('joins the other way round: the list first, the file with both addresses second', async () => {
    const other = await createTestDatabase();
    try {
      // Two Ines Barros with different phones: two people, and a name alone picks neither.
      const list = file('list-first.csv', [
        'First Name,Last Name,Email,Phone',
        'Ines,Barros,ines.b.1990@outlook.com,+351 912 345 678',
        'Ines,Barros,ines.barros@gmail.com,+351 913 456 789',
      ]);
      const crm = file('crm-second.csv', [
        'First Name,Last Name,Email,Secondary Email,Company,Website',
        'Ines,Barros,ines@northwind.example,ines.barros@gmail.com,Northwind Traders,northwind.example',
      ]);
      expect(
        await runImport({ database: other, path: list, source: 'list', kind: peopleKind }),
      ).toMatchObject({
        loaded: 2,
      });
      expect(await runImport({ database: other, path: crm, source: 'crm', kind: peopleKind })).toMatchObject({
        loaded: 0,
        merged: 1,
      });
      const emails = await other.db.select().from(personEmails);
      const owner = (email: string) => emails.find((e) => e.email === email)?.personId;
      expect(owner('ines@northwind.example')).toBe(owner('ines.barros@gmail.com'));
      expect(owner('ines@northwind.example')).not.toBe(owner('ines.b.1990@outlook.com'));
    } finally {
      await other.close();
    }
  });

  it('keeps two people apart who share no address, secondary or not', async () => {
    const db = await database;
    const path = file('apart.csv', [
      'First Name,Last Name,Email,Secondary Email,Company,Website',
      'Ada,Quist,ada.quist@contoso.example,ada.q@gmail.com,Contoso,contoso.example',
      'Ada,Quist,a.quist@contoso.example,adaquist77@gmail.com,Contoso,contoso.example',
    ]);
    expect(await runImport({ database: db, path, source: 'apart', kind: peopleKind })).toMatchObject({
      loaded: 2,
    });
  });
});
