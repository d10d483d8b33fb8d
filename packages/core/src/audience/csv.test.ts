import { describe, expect, it } from 'vitest';
import { sha1Hex, sha256Hex } from '../../testing/audience-helpers.js';
import { csvWriter, toCsv } from './csv.js';
import { hashAudience } from './hash-contact.js';

const lines = (csv: string) => csv.trimEnd().split('\n');

describe('toCsv', () => {
  it('writes the Customer Match template with country and zip in clear', () => {
    const { results } = hashAudience('google', [
      {
        email: 'a@example.com',
        first_name: 'Ann',
        last_name: 'Lee',
        country: 'us',
        zip: '94043',
        phone: '+1 650 555 1212',
      },
      { email: 'b@example.com' },
      { email: 'bad' },
    ]);
    const [header, first, second, ...rest] = lines(toCsv('google', results));
    expect(header).toBe('Email,Phone,First Name,Last Name,Country,Zip');
    expect(first).toBe(
      [
        sha256Hex('a@example.com'),
        sha256Hex('+16505551212'),
        sha256Hex('ann'),
        sha256Hex('lee'),
        'US',
        '94043',
      ].join(','),
    );
    expect(second).toBe(`${sha256Hex('b@example.com')},,,,,`);
    expect(rest).toEqual([]);
  });

  it('repeats a column for several values where the template allows it', () => {
    const { results } = hashAudience('meta', [{ email: ['a@example.com', 'b@example.com'] }]);
    const [header, row] = lines(toCsv('meta', results));
    expect(header).toBe('email,email,phone,fn,ln,ct,st,zip,country,dob,gen,madid');
    expect(row?.startsWith(`${sha256Hex('a@example.com')},${sha256Hex('b@example.com')},`)).toBe(true);
  });

  it('numbers LiveRamp columns and puts extra values on more rows for one-column templates', () => {
    const { results } = hashAudience('liveramp', [
      { phone: ['(650) 555-1212', '(650) 555-1213'], first_name: 'Ann, Jr' },
    ]);
    const [header, row] = lines(toCsv('liveramp', results));
    expect(header).toBe('EMAIL1_SHA-256,PHONE1_SHA-1,PHONE2_SHA-1,FIRSTNAME,LASTNAME,CITY,STATE,ZIP');
    expect(row).toBe(`,${sha1Hex('6505551212')},${sha1Hex('6505551213')},"Ann, Jr",,,,`);

    const uid2 = hashAudience('uid2', [{ email: ['a@example.com', 'b@example.com'] }]).results;
    expect(lines(toCsv('uid2', uid2))).toHaveLength(3);
  });

  it('streams rows with a fixed layout', () => {
    const writer = csvWriter('tiktok');
    expect(writer.header).toBe(
      'Email_SHA256,Email_SHA256,Email_SHA256,Phone_SHA256,Phone_SHA256,Phone_SHA256',
    );
    const [result] = hashAudience('tiktok', [{ email: 'a@example.com' }]).results;
    if (!result) throw new Error('no result');
    expect(writer.rows(result)).toBe(`${sha256Hex('a@example.com')},,,,,\n`);
    expect(writer.rows({ identifiers: {}, rejected: [] })).toBe('');
  });
});
