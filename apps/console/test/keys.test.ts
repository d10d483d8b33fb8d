import { createConsole, sessionIdOf } from '@dossier/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createConsoleHarness, origin } from './harness.js';

let h: Awaited<ReturnType<typeof createConsoleHarness>>;
let owner: Client;
let orgId: string;
let projectId: string;

beforeAll(async () => {
  h = await createConsoleHarness();
  owner = h.client();
  ({ org_id: orgId } = await owner.signUp('owner@keys.example', 'Keys Inc'));
  const project = await owner.post(`/console/api/orgs/${orgId}/projects`, { name: 'Website' });
  expect(project.status).toBe(201);
  projectId = project.json.id;
});
afterAll(() => h.close());

const api = (path: string) => `/console/api/orgs/${orgId}${path}`;

describe('organization and projects', () => {
  it('shows the plan, seats and rate limit', async () => {
    const org = await owner.get(api(''));
    expect(org.json).toMatchObject({
      name: 'Keys Inc',
      plan: 'free',
      role: 'owner',
      seats: 1,
      seats_used: 1,
    });
    expect(org.json.rate_limit_per_minute).toBe(10);
    expect(org.json.reveal_enabled).toBe(true);
  });

  it('lists projects and refuses duplicate or empty names', async () => {
    expect((await owner.get(api('/projects'))).json.map((p: { name: string }) => p.name)).toEqual([
      'Website',
    ]);
    expect((await owner.post(api('/projects'), { name: 'Website' })).status).toBe(409);
    const empty = await owner.post(api('/projects'), { name: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.json.issues[0].path).toBe('name');
  });
});

describe('keys', () => {
  it('creates a primary key shown once that authenticates, and lists it without the secret', async () => {
    const created = await owner.post(api('/keys'), { project_id: projectId, name: 'Server' });
    expect(created.status).toBe(201);
    const key = created.json.key as string;
    expect(key).toMatch(/^dsr_live_/);
    const caller = await h.access.authenticate({ authorization: `Bearer ${key}` });
    expect(caller.orgId).toBe(orgId);
    const list = await owner.get(api(`/keys?project_id=${projectId}`));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain(key);
    expect(list.json[0]).toMatchObject({
      kind: 'primary',
      display: expect.stringMatching(/…/),
      expires_at: null,
    });
    expect(list.json[0].display.endsWith(key.slice(-4))).toBe(true);
  });

  it('mints scoped keys only with scopes and an expiry', async () => {
    const missing = await owner.post(api('/keys/scoped'), { project_id: projectId, scopes: [] });
    expect(missing.status).toBe(422);
    expect(missing.json.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['name', 'scopes', 'expires_at']),
    );
    const badScope = await owner.post(api('/keys/scoped'), {
      project_id: projectId,
      name: 'Widget',
      scopes: ['everything'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(badScope.status).toBe(422);
    const ok = await owner.post(api('/keys/scoped'), {
      project_id: projectId,
      name: 'Browser widget',
      scopes: ['search', 'company'],
      origins: ['https://app.example'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      rate_limit: 60,
    });
    expect(ok.status).toBe(201);
    expect(ok.json.summary).toMatchObject({ kind: 'scoped', scopes: ['search', 'company'], rate_limit: 60 });
  });

  it('renames a key', async () => {
    const { json } = await owner.post(api('/keys'), { project_id: projectId, name: 'Old name' });
    const renamed = await owner.patch(api(`/keys/${json.summary.id}`), { name: 'Backend' });
    expect(renamed.json.name).toBe('Backend');
  });

  it('asks for the password again before reveal, roll and revoke, valid for 10 minutes', async () => {
    const { json } = await owner.post(api('/keys'), { project_id: projectId, name: 'Server' });
    const id = json.summary.id as string;
    for (const path of [`/keys/${id}/reveal`, `/keys/${id}/roll`, `/keys/${id}/revoke`]) {
      const refused = await owner.post(api(path), { grace: '1h' });
      expect(refused.status).toBe(403);
      expect(refused.json.issues[0].path).toBe('reauth');
    }
    expect((await owner.post('/console/api/auth/reauth', { password: 'wrong password' })).status).toBe(401);
    expect((await owner.reauth()).status).toBe(200);
    const revealed = await owner.post(api(`/keys/${id}/reveal`));
    expect(revealed.json.key).toBe(json.key);
    // Move the confirmation back in time: 9 minutes old still counts, 11 minutes old does not.
    const sessions = createConsole({ database: h.database, access: h.access }).sessions;
    const sessionId = sessionIdOf(owner.jar.get('dossier_session') as string);
    await sessions.markReauth(sessionId, new Date(Date.now() - 9 * 60_000));
    expect((await owner.post(api(`/keys/${id}/reveal`))).status).toBe(200);
    await sessions.markReauth(sessionId, new Date(Date.now() - 11 * 60_000));
    expect((await owner.post(api(`/keys/${id}/reveal`))).status).toBe(403);
  });

  it('rolls with a grace period (old key works until it ends) and revokes (key refused)', async () => {
    const { json } = await owner.post(api('/keys'), { project_id: projectId, name: 'Server' });
    await owner.reauth();
    const rolled = await owner.post(api(`/keys/${json.summary.id}/roll`), { grace: '1h' });
    expect(rolled.status).toBe(200);
    const worksUntil = new Date(rolled.json.old.works_until).getTime();
    expect(worksUntil - Date.now()).toBeGreaterThan(3_500_000);
    await expect(h.access.authenticate({ authorization: `Bearer ${json.key}` })).resolves.toBeTruthy();
    await expect(
      h.access.authenticate({ authorization: `Bearer ${json.key}` }, new Date(worksUntil + 1000)),
    ).rejects.toThrow();
    const fresh = rolled.json.key as string;
    await expect(h.access.authenticate({ authorization: `Bearer ${fresh}` })).resolves.toBeTruthy();
    const badGrace = await owner.post(api(`/keys/${rolled.json.summary.id}/roll`), { grace: '2h' });
    expect(badGrace.status).toBe(422);
    const revoked = await owner.post(api(`/keys/${rolled.json.summary.id}/revoke`));
    expect(revoked.status).toBe(200);
    expect(revoked.json.revoked_at).not.toBeNull();
    await expect(h.access.authenticate({ authorization: `Bearer ${fresh}` })).rejects.toThrow(
      `This API key (${rolled.json.summary.id}) was revoked on`,
    );
  });

  it('records key events in the audit log with actor, IP and user agent, filterable', async () => {
    const all = await owner.get(api('/audit'));
    const actions = all.json.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'key.created',
        'key.revealed',
        'key.rolled',
        'key.revoked',
        'key.renamed',
        'project.created',
      ]),
    );
    const revoked = await owner.get(api('/audit?action=key.revoked'));
    expect(revoked.json.every((e: { action: string }) => e.action === 'key.revoked')).toBe(true);
    expect(revoked.json[0]).toMatchObject({ actor_email: 'owner@keys.example', target_type: 'key' });
    const family = await owner.get(api('/audit?action=key.&limit=2'));
    expect(family.json).toHaveLength(2);
    const page = await owner.get(api(`/audit?before=${family.json[1].id}`));
    expect(page.json.every((e: { id: number }) => e.id < family.json[1].id)).toBe(true);
    const bad = await owner.get(api('/audit?since=yesterday'));
    expect(bad.status).toBe(422);
  });
});

describe('usage', () => {
  it('shows requests per day, by key and operation, 429s, the current minute and credits 0', async () => {
    const { json } = await owner.post(api('/keys'), { project_id: projectId, name: 'Metered' });
    const caller = await h.access.authenticate({ authorization: `Bearer ${json.key}` });
    await h.access.limit(caller);
    await h.access.limit(caller);
    h.access.meter.record(orgId, json.summary.id, 'get_company', 'ok');
    h.access.meter.record(orgId, json.summary.id, 'get_company', 'rate_limited');
    const usage = await owner.get(api('/usage'));
    expect(usage.status).toBe(200);
    expect(usage.json.days).toHaveLength(30);
    expect(usage.json.credits_used).toBe(0);
    expect(usage.json.totals).toMatchObject({ requests: 2, rate_limited: 1 });
    expect(usage.json.by_key[0]).toMatchObject({ key_id: json.summary.id, name: 'Metered', requests: 2 });
    expect(usage.json.by_operation[0]).toMatchObject({ operation: 'get_company', requests: 2 });
    expect(usage.json.days.at(-1).requests).toBe(2);
    expect(usage.json.current_minute).toMatchObject({ used: 2, limit: 10, plan: 'free' });
  });
});

describe('snippets for a key', () => {
  it('covers only the operations the scopes allow, for this origin, without the key', async () => {
    const search = await owner.get('/console/api/snippets?scopes=search');
    expect(search.status).toBe(200);
    expect(search.json.map((op: { name: string }) => op.name)).toEqual([
      'search_companies',
      'search_people',
      'search',
    ]);
    const [first] = search.json;
    expect(first.snippets.curl).toContain(`'${origin}/v1/search/companies'`);
    expect(first.snippets.curl).toContain('$DOSSIER_API_KEY');
    expect(first.snippets.typescript).toContain("await dossier.call('search_companies', {");
    expect(first.snippets.python).toContain('dossier.call("search_companies", {');

    const company = await owner.get('/console/api/snippets?scopes=company,pii');
    expect(company.json.map((op: { name: string }) => op.name)).toEqual(['get_company']);
    expect((await owner.get('/console/api/snippets?scopes=')).json).toEqual([]);
  });

  it('names an unknown scope, and needs a session', async () => {
    const bad = await owner.get('/console/api/snippets?scopes=search,everything');
    expect(bad.status).toBe(422);
    expect(bad.json.issues).toEqual([{ path: 'scopes', message: 'Unknown scope everything.' }]);
    expect((await h.client().get('/console/api/snippets?scopes=search')).status).toBe(401);
  });
});
