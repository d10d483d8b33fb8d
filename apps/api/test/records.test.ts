import { provisionKey } from '@dossier/access';
import { primaryScopes } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('POST /v1/records', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let reader = '';
  let operator = '';
  beforeAll(async () => {
    h = await createHarness();
    reader = (await h.tenant()).key;
    operator = (
      await provisionKey(h.database.db, h.access.keys, {
        org: `ops-${Math.random().toString(36).slice(2)}`,
        plan: 'enterprise',
        key: { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
      })
    ).key;
  });
  afterAll(() => h.close());

  const push = (key: string, body: unknown) =>
    h.app.request('/v1/records', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });

  const records = [
    {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.hopper@navy.example',
      title: 'Rear Admiral',
      company: 'Navy',
    },
    {
      'First Name': 'Grace',
      'Last Name': 'Hopper',
      'E-mail': 'Grace.Hopper@navy.example',
      linkedin: 'https://www.linkedin.com/in/gracehopper/',
    },
    { first_name: 'Nobody', email: 'nope' },
    { first_name: 'Alan', last_name: 'Turing', phone: '020 7946 0018', country: 'GB' },
  ];

  it('needs the ingest scope, which a primary key lacks unless created with it', async () => {
    const res = await push(reader, { kind: 'people', source: 'crm', records });
    expect(res.status).toBe(403);
  });

  it('resolves each record, reports per-record outcomes, and is idempotent', async () => {
    const res = await push(operator, { kind: 'people', source: 'crm', records });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.totals).toEqual({ loaded: 2, merged: 1, unchanged: 0, rejected: 1 });
    expect(body.results[0]).toMatchObject({
      index: 0,
      outcome: 'loaded',
      entity_id: expect.stringMatching(/^per_/),
    });
    expect(body.results[1]).toMatchObject({
      index: 1,
      outcome: 'merged',
      entity_id: body.results[0].entity_id,
    });
    expect(body.results[2]).toMatchObject({
      index: 2,
      outcome: 'rejected',
      reasons: ['not an email address: nope'],
    });
    expect(body.results[3].entity_id).not.toBe(body.results[0].entity_id);

    const again = await (await push(operator, { kind: 'people', source: 'crm', records })).json();
    expect(again.totals).toEqual({ loaded: 0, merged: 0, unchanged: 3, rejected: 1 });
    expect(again.results[1].entity_id).toBe(body.results[0].entity_id);

    const companies = await (
      await push(operator, {
        kind: 'companies',
        source: 'crm',
        records: [{ website: 'https://navy.example', name: 'Navy' }],
      })
    ).json();
    expect(companies.results[0]).toMatchObject({
      outcome: expect.stringMatching(/loaded|merged/),
      entity_id: expect.stringMatching(/^cmp_/),
    });
  });

  it('answers 422 naming the field for bad input', async () => {
    const tooMany = Array.from({ length: 1001 }, () => ({ email: 'a@b.example' }));
    const res = await push(operator, { kind: 'people', source: 'crm', records: tooMany });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('records');
    const kind = await push(operator, { kind: 'robots', source: 'crm', records });
    expect(kind.status).toBe(422);
    expect(JSON.stringify(await kind.json())).toContain('kind');
  });
});
