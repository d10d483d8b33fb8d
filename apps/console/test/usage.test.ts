import { sweepRequestLog } from '@dossier/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createConsoleHarness } from './harness.js';

let h: Awaited<ReturnType<typeof createConsoleHarness>>;
let owner: Client;
let orgId: string;
let keyA: string;
let keyB: string;

const api = (path: string) => `/console/api/orgs/${orgId}${path}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createConsoleHarness();
  owner = h.client();
  ({ org_id: orgId } = await owner.signUp('owner@usage.example', 'Usage Inc'));
  const project = (await owner.post(api('/projects'), { name: 'App' })).json.id;
  keyA = (await owner.post(api('/keys'), { project_id: project, name: 'Server, "main"' })).json.summary.id;
  keyB = (await owner.post(api('/keys'), { project_id: project, name: '=cmd' })).json.summary.id;
  // Three days ago, yesterday and today, on two keys and two operations.
  h.access.meter.record(orgId, keyA, 'get_company', 'ok', new Date(Date.now() - 3 * 86_400_000));
  h.access.meter.record(orgId, keyA, 'get_company', 'ok', new Date(Date.now() - 86_400_000));
  h.access.meter.record(orgId, keyA, 'search_people', 'error');
  h.access.meter.record(orgId, keyB, 'get_company', 'rate_limited');
  h.access.requests.record(orgId, keyA, 'get_company', 200, 12.4);
  h.access.requests.record(orgId, keyA, 'search_people', 422, 3);
  h.access.requests.record(orgId, keyB, 'get_company', 429, 1);
});
afterAll(() => h.close());

describe('usage filters and export', () => {
  it('narrows to a date range, a key and an operation, and offers every key and operation to pick', async () => {
    const all = (await owner.get(api('/usage'))).json;
    expect(all.totals.requests).toBe(4);
    expect(all.choices.keys.map((k: { id: string }) => k.id)).toEqual([keyA, keyB]);
    expect(all.choices.operations).toEqual(['get_company', 'search_people']);

    const range = (await owner.get(api(`/usage?from=${day(-1)}&to=${day(0)}`))).json;
    expect(range.days.map((d: { day: string }) => d.day)).toEqual([day(-1), day(0)]);
    expect(range.totals.requests).toBe(3);

    const byKey = (await owner.get(api(`/usage?key_id=${keyA}&operation=get_company`))).json;
    expect(byKey.totals.requests).toBe(2);
    expect(byKey.filter).toEqual({ key_id: keyA, operation: 'get_company' });
    expect(byKey.choices.operations).toEqual(['get_company', 'search_people']);
  });

  it('refuses a bad window with 422 naming the field', async () => {
    const backwards = await owner.get(api(`/usage?from=${day(0)}&to=${day(-2)}`));
    expect(backwards.status).toBe(422);
    expect(backwards.json.issues[0].path).toBe('from');
    const garbled = await owner.get(api('/usage?to=yesterday'));
    expect(garbled.status).toBe(422);
    expect(garbled.json.issues[0].path).toBe('to');
  });

  it('exports the filtered rows as CSV, quoted, with formulas neutralised', async () => {
    const res = await owner.get(api('/usage.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="usage-.+\.csv"/);
    const lines = (res.json as string).trim().split('\r\n');
    expect(lines[0]).toBe('day,key_id,key_name,operation,requests,errors,rate_limited');
    expect(lines).toContain(`${day(0)},${keyA},"Server, ""main""",search_people,1,1,0`);
    expect(lines).toContain(`${day(0)},${keyB},'=cmd,get_company,1,0,1`);
    expect(lines).toHaveLength(5);
    const one = await owner.get(api(`/usage.csv?key_id=${keyB}`));
    expect((one.json as string).trim().split('\r\n')).toHaveLength(2);
  });
});

describe('request log', () => {
  it('lists requests newest first with key id, operation, status and latency, filtered', async () => {
    const log = (await owner.get(api('/requests'))).json;
    expect(log.retention_days).toBe(30);
    expect(log.entries.map((e: { status: number }) => e.status)).toEqual([429, 422, 200]);
    expect(log.entries[2]).toMatchObject({ key_id: keyA, operation: 'get_company', latency_ms: 12 });
    const failed = (await owner.get(api(`/requests?key_id=${keyA}&status=422`))).json.entries;
    expect(failed.map((e: { operation: string }) => e.operation)).toEqual(['search_people']);
    const older = (await owner.get(api(`/requests?before=${log.entries[0].id}&limit=1`))).json.entries;
    expect(older.map((e: { status: number }) => e.status)).toEqual([422]);
  });

  it('keeps other organizations out', async () => {
    const other = h.client();
    await other.signUp('other@usage.example', 'Other');
    expect((await other.get(api('/requests'))).status).toBe(404);
    expect((await other.get(api('/usage.csv'))).status).toBe(404);
  });

  it('sweeps rows older than the retention', async () => {
    const { db } = h.database;
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    expect(await sweepRequestLog(db, 30, later(29))).toBe(0);
    expect(await sweepRequestLog(db, 30, later(30.1))).toBe(3);
    expect((await owner.get(api('/requests'))).json.entries).toEqual([]);
  });
});
