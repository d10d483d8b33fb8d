import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

interface Vector {
  network: string;
  identifier: string;
  raw: string[];
  country?: string;
  sha256_hex: string;
  sha256_base64?: string;
}
const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('../../../testdata/audience-vectors.json', import.meta.url), 'utf8'),
).cases;

describe('POST /v1/audience', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key = '';
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.tenant()).key;
  });
  afterAll(() => h.close());

  const post = (body: unknown) =>
    h.app.request('/v1/audience', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });

  it('passes every published vector through the endpoint', async () => {
    for (const v of vectors) {
      const expected = v.network === 'uid2' ? v.sha256_base64 : v.sha256_hex;
      // Google matches a name only as part of a full address (first, last, country, zip): send the rest of it.
      const companions =
        v.network === 'google' && ['first_name', 'last_name'].includes(v.identifier)
          ? { first_name: 'Jane', last_name: 'Doe', country: 'US', zip: '94043' }
          : {};
      const contacts = v.raw.map((raw) => ({
        ...companions,
        [v.identifier]: raw,
        ...(v.country ? { country: v.country } : {}),
      }));
      const res = await post({ network: v.network, contacts });
      expect(res.status, `${v.network} ${v.identifier}`).toBe(200);
      const body = await res.json();
      expect(body.credits_used).toBe(0);
      for (const [i, result] of body.results.entries()) {
        expect(
          Object.values(result.identifiers).flat(),
          `${v.network} ${v.identifier} ${JSON.stringify(v.raw[i])}`,
        ).toContain(expected);
      }
    }
  });

  it('reports invalid identifiers per contact instead of hashing them, with a summary', async () => {
    const res = await post({
      network: 'meta',
      contacts: [{ email: 'not-an-email', phone: 'call me' }, { email: 'ok@example.com' }],
    });
    const body = await res.json();
    expect(body.results[0].identifiers).toEqual({});
    expect(body.results[0].rejected.map((r: { field: string }) => r.field).sort()).toEqual([
      'email',
      'phone',
    ]);
    expect(body.summary).toMatchObject({ contacts: 2, usable: 1 });
  });

  it('refuses an unknown contact field with 422 naming it and the fields a contact takes', async () => {
    const res = await post({
      network: 'x',
      contacts: [{ email: 'ok@example.com' }, { username: '@AdsAPI' }],
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { issues: Array<{ path: string; message: string }> };
    expect(body.issues.map((i) => i.path)).toEqual(['contacts.1.username']);
    expect(body.issues[0]?.message).toMatch(
      /unknown field; a contact takes email, phone, .*maid, handle, twitter_id/,
    );
  });

  it('matches X on hashed handles and Twitter ids; other networks say they do not take them', async () => {
    const res = await post({
      network: 'x',
      contacts: [
        { handle: '@AdsAPI', twitter_id: '783214' },
        { handle: 'https://x.com/AdsAPI' },
        { handle: 'not a handle' },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    expect(body.results[0].identifiers).toEqual({ handle: sha('adsapi'), twitter_id: sha('783214') });
    expect(body.results[1].identifiers).toEqual({ handle: sha('adsapi') });
    expect(body.results[2].rejected).toEqual([
      { field: 'handle', reason: expect.stringContaining('not an X handle') },
    ]);
    const meta = await (
      await post({ network: 'meta', contacts: [{ email: 'a@b.example', handle: 'AdsAPI' }] })
    ).json();
    expect(meta.results[0].rejected).toEqual([{ field: 'handle', reason: 'meta does not take handle' }]);
  });

  it("returns the network's upload file with format csv", async () => {
    const res = await post({ network: 'google', format: 'csv', contacts: [{ email: 'alexz@example.com' }] });
    const body = await res.json();
    expect(body.format).toBe('csv');
    expect(body.csv.split('\n')[0]).toContain('Email');
    expect(body.csv).toContain('509e933019bb285a134a9334b8bb679dff79d0ce023d529af4bd744d47b4fd8a');
  });

  it('answers 422 for an unknown network or an empty request, naming the field', async () => {
    const bad = await post({ network: 'myspace', contacts: [{ email: 'a@b.example' }] });
    expect(bad.status).toBe(422);
    expect((await bad.json()).issues[0].path).toBe('network');
    const empty = await post({ network: 'meta' });
    expect(empty.status).toBe(422);
    expect((await empty.json()).issues[0].path).toBe('contacts');
  });

  it('hashes stored people by id, reports unknown ids, and enriches contacts from stored people', async () => {
    const { demoSubset, generateDemoData, loadDemoData } = await import('@dossier/core/demo');
    await loadDemoData(h.database, { data: demoSubset(generateDemoData(), ['northwind.example']) });
    const known = await post({
      network: 'meta',
      contacts: [{ email: 'jsmith@northwind.example' }],
      enrich: true,
    });
    const enriched = (await known.json()).results[0];
    expect(enriched.identifiers.ph).toBeDefined(); // a phone came from the stored person
    const byId = await post({ network: 'google', person_ids: ['per_doesnotexist'] });
    expect((await byId.json()).not_found).toEqual(['per_doesnotexist']);
  });

  it("adds a stored person's X handle for x only", async () => {
    // The demo data is loaded by the test above: a person there with an X profile and a good email.
    const { demoSubset, generateDemoData } = await import('@dossier/core/demo');
    const data = demoSubset(generateDemoData(), ['northwind.example']);
    const profile = data.personProfiles
      .filter((p) => p.network === 'twitter')
      .map((p) => ({
        ...p,
        email: data.personEmails.find((e) => e.personId === p.personId && e.status !== 'invalid')?.email,
      }))
      .find((p) => p.email);
    if (!profile) throw new Error('the demo subset has no person with an X profile and an email');
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    const x = await (await post({ network: 'x', person_ids: [profile.personId] })).json();
    expect(x.results[0].identifiers.handle).toBe(sha(profile.handle.toLowerCase()));
    const enriched = await (
      await post({ network: 'x', contacts: [{ email: profile.email }], enrich: true })
    ).json();
    expect(enriched.results[0].identifiers.handle).toBe(sha(profile.handle.toLowerCase()));
    const meta = await (await post({ network: 'meta', person_ids: [profile.personId] })).json();
    expect(meta.results[0].rejected.map((r: { field: string }) => r.field)).not.toContain('handle');
  });
});
