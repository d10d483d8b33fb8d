import { provisionKey } from '@dossier/access';
import { primaryScopes } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('privacy requests over REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let reader = '';
  let operator = '';
  beforeAll(async () => {
    h = await createHarness();
    reader = (await h.tenant()).key;
    operator = (
      await provisionKey(h.database.db, h.access.keys, {
        org: `privacy-${Math.random().toString(36).slice(2)}`,
        plan: 'enterprise',
        key: { kind: 'primary', scopes: [...primaryScopes, 'ingest', 'privacy'] },
      })
    ).key;
  }, 600_000);
  afterAll(() => h.close());

  const post = (key: string, path: string, body: unknown) =>
    h.app.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });

  it('needs the privacy scope, which a primary key lacks unless an operator grants it', async () => {
    const res = await post(reader, '/v1/privacy/access', { identifier: 'ada@engines.example' });
    expect(res.status).toBe(403);
  });

  it('a scoped key can never be given the privacy scope', async () => {
    const tenant = await h.tenant();
    const made = h.access.keys.create({
      orgId: tenant.orgId,
      projectId: tenant.projectId,
      kind: 'scoped',
      scopes: ['privacy'],
      expiresAt: new Date(Date.now() + 3600_000),
      operator: true,
    });
    await expect(made).rejects.toMatchObject({ code: 'invalid_request', issues: [{ path: 'scopes.0' }] });
  });

  it('answers an access request, erases, and the erased id is gone; pushing the record back is rejected', async () => {
    const record = {
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'ada@engines.example',
      company: 'Engines',
    };
    const pushed = await (
      await post(operator, '/v1/records', { kind: 'people', source: 'crm', records: [record] })
    ).json();
    const id = pushed.results[0].entity_id as string;

    const access = await post(operator, '/v1/privacy/access', { identifier: 'ada@engines.example' });
    expect(access.status).toBe(200);
    const doc = await access.json();
    expect(doc.people[0]).toMatchObject({ id, emails: [{ value: 'ada@engines.example', sources: ['crm'] }] });

    const erased = await (await post(operator, '/v1/privacy/erase', { identifier: id })).json();
    expect(erased).toMatchObject({ status: 'erased', people: 1 });
    const again = await (await post(operator, '/v1/privacy/erase', { identifier: id })).json();
    expect(again).toMatchObject({ status: 'nothing_held', request_ref: erased.request_ref });

    const gone = await h.app.request(`/v1/person/${id}`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toMatch(/gone/);

    const back = await (
      await post(operator, '/v1/records', { kind: 'people', source: 'other', records: [record] })
    ).json();
    expect(back.totals).toMatchObject({ loaded: 0, merged: 0, rejected: 1 });
    expect(back.results[0].reasons.join(' ')).toMatch(/suppress/);
    expect(back.results[0].reasons.join(' ')).not.toMatch(/ada/i);
  });

  it('names the field of a bad identifier and of a bad retention setting (422)', async () => {
    const bad = await post(operator, '/v1/privacy/erase', { identifier: 'not anything' });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('identifier');
    const days = await post(operator, '/v1/privacy/retention', { job_output_days: 0 });
    expect(days.status).toBe(422);
    expect(await days.text()).toContain('job_output_days');
    const set = await post(operator, '/v1/privacy/retention', {
      source_record_days: 365,
      job_output_days: 30,
    });
    expect(await set.json()).toMatchObject({ source_record_days: 365, job_output_days: 30 });
  });
});
