import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-resolve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dossier resolve', () => {
  it('dedupes a CRM export in memory and writes record_id,entity_id with a summary', async () => {
    const input = join(dir, 'crm.csv');
    const output = join(dir, 'clusters.csv');
    writeFileSync(
      input,
      [
        'Contact ID,First Name,Last Name,Email,Company,Title',
        'c1,Robert,Miller,robert.miller@acme.example,Acme Inc,VP Sales',
        'c2,Bob,Miller,Robert.Miller+crm@acme.example,ACME,Vice President Sales',
        'c3,Jane,Doe,jane.doe@globex.example,Globex,CTO',
        'c4,John,Smith,john.smith@initech.example,Initech,Engineer',
        'c5,John,Smith,jsmith@initech.example,Initech,Engineer',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await runCli(['resolve', '--input', input, '--output', output], {});
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /5 records -> 4 people \(1 duplicates\), largest cluster 2, [\d.]+ comparisons per record/,
    );
    const rows = readFileSync(output, 'utf8').trim().split('\n');
    expect(rows[0]).toBe('record_id,entity_id');
    const entity = new Map(rows.slice(1).map((line) => line.split(',') as [string, string]));
    expect(entity.get('c1')).toBe(entity.get('c2'));
    expect(entity.get('c4')).not.toBe(entity.get('c5'));
    expect(new Set(entity.values()).size).toBe(4);
  });

  it('resolves companies from JSONL with an explicit mapping, and explains bad usage', async () => {
    const input = join(dir, 'accounts.jsonl');
    const output = join(dir, 'accounts.csv');
    writeFileSync(
      input,
      [
        '{"acct":"a1","org":"Northwind Traders","site":"https://www.northwind.example"}',
        '{"acct":"a2","org":"Northwind","site":"northwind.example/about"}',
        '{"acct":"a3","org":"Contoso","site":"contoso.example"}',
      ].join('\n'),
    );
    const { code, stdout } = await runCli(
      [
        'resolve',
        '--input',
        input,
        '--output',
        output,
        '--kind',
        'companies',
        '--map',
        'acct=record_id,org=name,site=domain',
        '--json',
      ],
      {},
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ records: 3, entities: 2, largest_cluster: 2 });
    expect(readFileSync(output, 'utf8')).toContain('a2,');
    const bad = await runCli(['resolve', '--input', input], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: dossier resolve');
  });

  it('reads identity columns with no map, takes a settings file and writes explanations', async () => {
    const input = join(dir, 'people.csv');
    const output = join(dir, 'people-clusters.csv');
    const header =
      'record_id,first_name,last_name,full_name,email,phone,linkedin_url,company_name,company_domain,title,address,city,state,zip,country,dob,gender,native_name,ssn,passport,drivers_license,national_id';
    const row = (cells: Record<string, string>) =>
      header
        .split(',')
        .map((h) => cells[h] ?? '')
        .join(',');
    writeFileSync(
      input,
      [
        header,
        row({
          record_id: 'p1',
          first_name: 'Isla',
          last_name: 'Hall',
          address: '12 Main St',
          zip: '2119',
          dob: '1985-02-07',
          national_id: '1804974',
        }),
        row({
          record_id: 'p2',
          first_name: 'Hall',
          last_name: 'Isla',
          address: '12 main street',
          zip: '2119',
          dob: '07/02/1985',
          national_id: '1804974',
        }),
        row({
          record_id: 'p3',
          first_name: 'Isla',
          last_name: 'Hall',
          address: '40 Park Rd',
          zip: '3000',
          dob: '1962-11-30',
          national_id: '5551234',
        }),
      ].join('\n'),
    );
    const settings = join(dir, 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({
        threshold: 0.9,
        blocking: [{ name: 'dob+initial' }, { name: 'id', fields: ['national_id'], cap: 5 }],
      }),
    );
    const explain = join(dir, 'explain');
    const { code, stdout, stderr } = await runCli(
      [
        'resolve',
        '--input',
        input,
        '--output',
        output,
        '--settings',
        settings,
        '--explain',
        explain,
        '--json',
      ],
      {},
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ records: 3, entities: 2, largest_cluster: 2 });
    const entity = new Map(
      readFileSync(output, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',') as [string, string]),
    );
    expect(entity.get('p1')).toBe(entity.get('p2'));
    expect(entity.get('p3')).not.toBe(entity.get('p1'));
    const links = readFileSync(join(explain, 'links.txt'), 'utf8');
    expect(links).toContain('p1 ~ p2');
    expect(links).toMatch(/dob\s+exact\s+\+\d/);
    expect(links).toMatch(/identity_number\s+exact/);
    expect(readFileSync(join(explain, 'review.csv'), 'utf8')).toMatch(/^record_id_a,record_id_b,probability/);
    expect(JSON.parse(readFileSync(join(explain, 'model.json'), 'utf8')).model.dob.exact.m).toBeGreaterThan(
      0,
    );

    writeFileSync(settings, JSON.stringify({ blocking: [{ name: 'nope' }] }));
    const bad = await runCli(['resolve', '--input', input, '--output', output, '--settings', settings], {});
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('blocking.0.name');
  });

  it('backfill runs against the configured database and reports what it wrote', async () => {
    // The backfill itself is tested in core (persist/seed.test.ts); here: the command, its output.
    const env = { DOSSIER_DATA_DIR: join(dir, 'data') };
    const { code, stdout, stderr } = await runCli(['resolve', 'backfill', '--json'], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ persons: 0, keys: 0 });
    const plain = await runCli(['resolve', 'backfill'], env);
    expect(plain.stdout).toBe('backfill: 0 persons without keys, 0 keys written\n');
  });
});
