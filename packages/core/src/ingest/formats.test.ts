import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companiesKind } from './companies-kind.js';
import type { ImportKind } from './kind.js';
import { peopleKind } from './people-kind.js';
import { previewImport } from './preview.js';

/** The fixtures: one fictional file per export layout (testdata/imports/README.md). */
const fixture = (name: string) => join(__dirname, '../../../../testdata/imports', name);

const preview = async (name: string, kind: ImportKind<any> = peopleKind) =>
  previewImport({ path: fixture(name), kind, rows: 20 });

const loaded = (p: Awaited<ReturnType<typeof preview>>) => p.rows.filter((r) => r.value).map((r) => r.value);

describe('what each export layout yields with no --map', () => {
  it('HubSpot contacts: national phones take the row country ("Country/Region"), two emails in one cell split', async () => {
    const p = await preview('hubspot-contacts.csv');
    expect(p.ignored).toEqual(['Record ID', 'Create Date', 'Contact owner', 'Lead Status']);
    const rows = loaded(p);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      fullName: 'Jürgen Müller',
      phone: '+49301234567',
      country: 'DE',
      companyDomain: 'contoso.example',
      linkedinUrl: 'linkedin.com/in/juergen-mueller-example',
    });
    expect(rows.map((r) => r.phone)).toEqual([
      '+49301234567',
      '+14155550134',
      '+34912345678',
      '+442079460123',
    ]);
    expect(rows[3]).toMatchObject({
      email: 'emily.obrien@litware.example',
      otherEmails: ['emily@obrien-family.example'],
    });
  });

  it('HubSpot companies: "Company Domain Name" and "Website URL", employee and revenue ranges, country names', async () => {
    const rows = loaded(await preview('hubspot-companies.csv', companiesKind));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      domain: 'contoso.example',
      employeeRange: '51-200',
      revenueRange: '$10M-$50M',
      country: 'DE',
      linkedin: 'https://www.linkedin.com/company/contoso-example',
    });
    expect(rows[1]).toMatchObject({
      domain: 'fabrikam.example',
      employeeCount: 1200,
      revenueRange: '$250M',
      country: 'US',
    });
  });

  it('HubSpot API JSON: the members of properties are the record', async () => {
    const p = await preview('hubspot-api.json');
    expect(p.ignored).toEqual([
      'id',
      'createdate',
      'hs_object_id',
      'lastmodifieddate',
      'createdAt',
      'updatedAt',
      'archived',
    ]);
    expect(loaded(p)).toEqual([
      expect.objectContaining({
        email: 'juergen.mueller@contoso.example',
        companyName: 'Contoso GmbH',
        title: 'CTO',
      }),
      expect.objectContaining({
        email: 'sofia.rossi@tailspin.example',
        phone: '+390212345678',
        country: 'IT',
      }),
    ]);
  });

  it('Salesforce contacts and leads: salutations are not titles, report footers are rejected with a reason', async () => {
    const contacts = await preview('salesforce-contacts.csv');
    expect(loaded(contacts).map((r) => r.title)).toEqual(['CTO', 'VP of Sales', 'Product Manager']);
    expect(loaded(contacts)[0]).toMatchObject({ otherPhones: ['+491712345678'], country: 'DE' });
    expect(contacts.rows.filter((r) => r.rejected).map((r) => r.rejected)).toEqual([
      expect.stringMatching(/^report footer.*Confidential/),
      expect.stringMatching(/^report footer.*Copyright/),
    ]);
    const leads = await preview('salesforce-leads.csv');
    expect(loaded(leads)).toHaveLength(2);
    expect(leads.rows.filter((r) => r.rejected)).toHaveLength(3);
  });

  it('Salesforce accounts: Billing address columns and revenue amounts', async () => {
    const rows = loaded(await preview('salesforce-accounts.csv', companiesKind));
    expect(rows).toEqual([
      expect.objectContaining({
        domain: 'woodgrove.example',
        country: 'GB',
        city: 'London',
        revenueRange: '$1.5B',
      }),
      expect.objectContaining({
        domain: 'proseware.example',
        employeeRange: '51-200',
        revenueRange: '$10M-$50M',
      }),
    ]);
  });

  it('Apollo people CSV: direct, mobile and other phones; the corporate phone is not the person', async () => {
    const rows = loaded(await preview('apollo-people.csv'));
    expect(rows[0]).toMatchObject({
      phone: '+14155550134',
      otherPhones: ['+14155550177'],
      linkedinUrl: 'linkedin.com/in/aisha-rahman-example',
      companyDomain: 'fabrikam.example',
      city: 'San Francisco',
    });
    expect(rows[1]).toMatchObject({ phone: '+12125550199' });
  });

  it('Apollo accounts CSV and API JSON: nested organization by its documented paths, never "[object Object]"', async () => {
    expect(loaded(await preview('apollo-accounts.csv', companiesKind))[1]).toMatchObject({
      domain: 'tailspin.example',
      employeeCount: 45,
      revenueRange: '$1M-$10M',
      country: 'IT',
    });
    const rows = loaded(await preview('apollo-api.json'));
    expect(rows[0]).toMatchObject({
      companyName: 'Fabrikam',
      companyDomain: 'fabrikam.example',
      phone: '+14155550134',
    });
    expect(JSON.stringify(rows)).not.toContain('[object');
  });

  it('ZoomInfo contacts and companies: direct dial, middle name, revenue in thousands, ranges', async () => {
    expect(loaded(await preview('zoominfo-contacts.csv'))[0]).toMatchObject({
      fullName: 'Oliver James Bennett',
      phone: '+442079460456',
      title: 'Procurement Manager',
    });
    const companies = loaded(await preview('zoominfo-companies.csv', companiesKind));
    expect(companies[0]).toMatchObject({ employeeCount: 5000, employeeRange: '5000+', revenueRange: '$1B+' });
    expect(companies[1]).toMatchObject({ employeeRange: '20-49', revenueRange: '$1M-$10M', country: 'IT' });
  });

  it('Sales Navigator list: the public profile, not the Sales Navigator link; LinkedIn company pages are not domains', async () => {
    const p = await preview('sales-navigator.csv');
    const rows = loaded(p);
    expect(rows.map((r) => r.linkedinUrl)).toEqual([
      'linkedin.com/in/juergen-mueller-example',
      'linkedin.com/in/carlos-diaz-example',
      'linkedin.com/in/grace-kim-example',
    ]);
    expect(rows.map((r) => r.companyDomain)).toEqual([undefined, undefined, undefined]);
    expect(rows[0]).toMatchObject({ city: 'Berlin', country: 'DE' });
  });

  it('Pipedrive re-saved by German Excel: semicolons and Windows-1252', async () => {
    const p = await preview('pipedrive-de.csv');
    expect(p).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(loaded(p)[1]).toMatchObject({ fullName: 'Lena Schäfer', otherEmails: ['lena.s@mail.example'] });
  });

  it('Mailchimp: no name made from an email, a truncated address rejected, CC is the country', async () => {
    const p = await preview('mailchimp.csv');
    expect(loaded(p)[0]).toMatchObject({ country: 'US', region: 'CA' });
    expect(loaded(p)[1]).not.toHaveProperty('fullName');
    expect(loaded(p)[1]).not.toHaveProperty('firstName');
    expect(p.rows[2]?.rejected).toMatch(/humongous\.exa/);
  });

  it('Google Contacts: email, phone, organization and title columns, " ::: " multi-values', async () => {
    const rows = loaded(await preview('google-contacts.csv'));
    expect(rows[0]).toMatchObject({
      email: 'emily.obrien@litware.example',
      otherEmails: ['emily@obrien-family.example'],
      phone: '+442079460123',
      companyName: 'Litware Ltd',
      title: 'Account Executive',
    });
    expect(rows[1]).toMatchObject({ firstName: 'Mei', phone: '+12125550199', country: 'US' });
  });

  it('Outlook (Windows-1252): names decoded, "Title" is the salutation, "Job Title" the title, E-mail 2 kept', async () => {
    const p = await preview('outlook.csv');
    expect(p.encoding).toBe('windows-1252');
    const rows = loaded(p);
    expect(rows.map((r) => [r.fullName, r.title])).toEqual([
      ['Jürgen Müller', 'CTO'],
      ['Lena Schäfer', 'Leiterin Einkauf'],
      ['Oliver Bennett', 'Procurement Manager'],
    ]);
    expect(rows[1]).toMatchObject({ otherEmails: ['lena.schaefer@contoso-group.example'] });
  });

  it('a damaged name (Windows-1252 forced through UTF-8) is dropped, never stored', async () => {
    const p = await previewImport({ path: fixture('outlook.csv'), kind: peopleKind, encoding: 'utf-8' });
    const first = p.rows[0];
    expect(first?.value?.firstName).toBeUndefined();
    expect(first?.value?.email).toBe('juergen.mueller@contoso.example');
    expect(first?.notes).toContain('first_name: undecodable text dropped');
  });
});
