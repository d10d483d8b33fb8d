import { provisionKey } from '@dossier/access';
import { saveCompany } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './harness.js';

describe('intent over REST', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let reader = '';
  let ingester = '';
  beforeAll(async () => {
    h = await createHarness();
    reader = (await h.tenant()).key;
    ingester = (
      await provisionKey(h.database.db, h.access.keys, {
        org: `ingest-${Math.random().toString(36).slice(2)}`,
        plan: 'enterprise',
        key: { kind: 'scoped', scopes: ['ingest', 'intent'], expiresAt: new Date(Date.now() + 3600_000) },
      })
    ).key;
    await saveCompany(h.database.db, { domain: 'northwind.example', name: 'Northwind Traders' });
  });
  afterAll(() => h.close());

  const call = (method: string, path: string, key: string, body?: unknown) =>
    h.app.request(path, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });

  it('ingests signals with per-row rejects, idempotent on ids, behind the ingest scope', async () => {
    const time = new Date(Date.now() - 3600_000).toISOString();
    const signals = [
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `evt-${i}`,
        domain: 'www.northwind.example',
        topic: 'CRM Software',
        time,
        source: 'web',
      })),
      { domain: 'unknown.example', topic: 'crm software', time },
      { domain: 'northwind.example', topic: 'crm software', time: 'not a date' },
    ];
    expect((await call('POST', '/v1/signals', reader, { signals })).status).toBe(403);
    const res = await call('POST', '/v1/signals', ingester, { signals });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      inserted: 12,
      duplicates: 0,
      rejected: [
        { index: 12, reason: 'domain: no company is known for unknown.example' },
        { index: 13, reason: 'time: not a date or timestamp' },
      ],
      credits_used: 0,
    });
    const again = await (
      await call('POST', '/v1/signals', ingester, { signals: signals.slice(0, 12) })
    ).json();
    expect(again).toMatchObject({ inserted: 0, duplicates: 12 });

    const intent = await call('POST', '/v1/intent', reader, { types: ['surge'], topics: ['crm software'] });
    expect(intent.status).toBe(200);
    const body = await intent.json();
    expect(body.credits_used).toBe(0);
    expect(body.data[0]).toMatchObject({
      type: 'surge',
      company: { domain: 'northwind.example' },
      topic: 'crm software',
    });
    expect(body.data[0].score).toBeGreaterThanOrEqual(60);
    expect(body.data[0].evidence).toMatchObject({ events: 12, distinct_sources: 1 });

    const topics = await (await call('GET', '/v1/intent/topics?prefix=crm', reader)).json();
    expect(topics.data).toEqual([
      expect.objectContaining({ topic: 'crm software', signals: 12, surging_companies: 1 }),
    ]);
  });

  it('ingests job postings with departments from titles', async () => {
    const res = await call('POST', '/v1/job-postings', ingester, {
      job_postings: [
        {
          domain: 'northwind.example',
          title: 'Senior Backend Engineer',
          posted_at: '2026-11-01',
          url: 'https://northwind.example/jobs/1',
        },
        { domain: 'northwind.example', posted_at: '2026-11-01' },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      inserted: 1,
      updated: 0,
      duplicates: 0,
      rejected: [{ index: 1, reason: 'title: required' }],
      credits_used: 0,
    });
  });

  it('answers 422 naming the field for unknown types, bad dates and limits', async () => {
    for (const [body, field] of [
      [{ types: ['weather'] }, 'types'],
      [{ since: 'last tuesday' }, 'since'],
      [{ until: '2026-13-45' }, 'until'],
      [{ since: '2026-11-20', until: '2026-11-01' }, 'since'],
      [{ limit: 0 }, 'limit'],
      [{ min_score: 101 }, 'min_score'],
      [{ cursor: 'nope' }, 'cursor'],
    ] as const) {
      const res = await call('POST', '/v1/intent', reader, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = await res.json();
      expect(error.issues.map((i: { path: string }) => i.path.split('.')[0])).toContain(field);
    }
    const vague = await (await call('POST', '/v1/intent', reader, { since: 'last tuesday' })).json();
    expect(vague.issues).toEqual([
      { path: 'since', message: 'expected an ISO date (2026-11-01) or timestamp (2026-11-01T00:00:00Z)' },
    ]);
    const tooMany = await call('POST', '/v1/signals', ingester, { signals: new Array(10_001).fill({}) });
    expect(tooMany.status).toBe(422);
  });
});
