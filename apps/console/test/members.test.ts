import { changePlan } from '@dossier/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createConsoleHarness, password } from './harness.js';

let h: Awaited<ReturnType<typeof createConsoleHarness>>;
let owner: Client;
let orgId: string;

beforeAll(async () => {
  h = await createConsoleHarness();
  owner = h.client();
  ({ org_id: orgId } = await owner.signUp('owner@team.example', 'Team Ltd'));
});
afterAll(() => h.close());

const api = (path: string) => `/console/api/orgs/${orgId}${path}`;

describe('seats and invitations', () => {
  it('refuses an invitation beyond the plan seats with a clear message', async () => {
    await owner.reauth();
    const full = await owner.post(api('/invitations'), { email: 'dev@team.example', role: 'developer' });
    expect(full.status).toBe(409);
    expect(full.json.message).toMatch(/All 1 seat\(s\) of the Free plan are taken/);
  });

  it('invites by link up to the seat limit after the operator changes the plan', async () => {
    const service = (await import('@dossier/accounts')).createConsole({
      database: h.database,
      access: h.access,
    });
    const changed = await service.setPlan(orgId, 'agency');
    expect(changed).toMatchObject({ plan: 'agency', seats: 5 });
    const links: string[] = [];
    for (const [i, role] of (['admin', 'developer', 'viewer', 'developer'] as const).entries()) {
      const res = await owner.post(api('/invitations'), { email: `m${i}@team.example`, role });
      expect(res.status).toBe(201);
      expect(res.json.link).toBe(`http://localhost/invite#${res.json.token}`);
      links.push(res.json.token);
    }
    const sixth = await owner.post(api('/invitations'), { email: 'm9@team.example', role: 'viewer' });
    expect(sixth.status).toBe(409);
    expect(sixth.json.message).toMatch(
      /All 5 seat\(s\) of the Agency plan are taken \(1 member\(s\), 4 pending/,
    );

    const preview = await h.client().post('/console/api/invitations/preview', { token: links[0] });
    expect(preview.json).toMatchObject({ organization: 'Team Ltd', role: 'admin' });
    const admin = h.client();
    const joined = await admin.post('/console/api/auth/sign-up', {
      email: 'm0@team.example',
      password,
      invitation: links[0],
    });
    expect(joined.status).toBe(201);
    expect(joined.json.org_id).toBe(orgId);
    expect((await h.client().post('/console/api/invitations/preview', { token: links[0] })).status).toBe(404);

    const viewer = h.client();
    await viewer.signUp('m2@team.example', 'Own org');
    expect((await viewer.post('/console/api/invitations/accept', { token: links[2] })).status).toBe(200);
    const members = await owner.get(api('/members'));
    expect(members.json).toMatchObject({ seats: 5, seats_used: 3, invitations_pending: 2 });
    expect(members.json.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'viewer']);

    // Roles: a viewer reads but cannot create keys or see the audit log.
    expect((await viewer.get(api('/projects'))).status).toBe(200);
    expect((await viewer.post(api('/projects'), { name: 'Nope' })).status).toBe(403);
    expect((await viewer.get(api('/audit'))).status).toBe(403);
    const viewerId = members.json.members[2].user_id;
    // Member changes need re-authentication; an admin cannot grant owner.
    expect((await admin.patch(api(`/members/${viewerId}`), { role: 'developer' })).status).toBe(403);
    await admin.reauth();
    expect((await admin.patch(api(`/members/${viewerId}`), { role: 'owner' })).status).toBe(403);
    expect((await admin.patch(api(`/members/${viewerId}`), { role: 'developer' })).status).toBe(200);
    const pending = (await owner.get(api('/members'))).json.invitations[0].id;
    expect((await admin.del(api(`/invitations/${pending}`))).status).toBe(200);
    expect((await admin.del(api(`/members/${viewerId}`))).status).toBe(200);
    const ownerId = members.json.members[0].user_id;
    expect((await admin.del(api(`/members/${ownerId}`))).status).toBe(403);
    await owner.reauth();
    expect((await owner.patch(api(`/members/${ownerId}`), { role: 'admin' })).status).toBe(409);

    const log = await owner.get(api('/audit?action=member.'));
    expect(log.json.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['member.invited', 'member.joined', 'member.role_changed', 'member.removed']),
    );
    const plan = await owner.get(api('/audit?action=org.plan_changed'));
    expect(plan.json[0].data).toEqual({ from: 'free', to: 'agency' });
  });

  it('rejects invalid or used invitation tokens', async () => {
    const preview = (token: unknown) => h.client().post('/console/api/invitations/preview', { token });
    expect((await preview('nope')).status).toBe(404);
    expect((await preview('')).status).toBe(422);
    // Tokens never travel in a path (paths reach request logs): the old GET form is gone.
    expect((await h.client().get('/console/api/invitations/nope')).status).toBe(404);
    const res = await h
      .client()
      .post('/console/api/auth/sign-up', { email: 'x@team.example', password, invitation: 'nope' });
    expect(res.status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('never lets a member of one organization read or change another by any id', async () => {
    const a = h.client();
    const { org_id: orgA } = await a.signUp('a@tenant-a.example', 'Tenant A');
    const projectA = (await a.post(`/console/api/orgs/${orgA}/projects`, { name: 'Secret' })).json.id;
    const keyA = (await a.post(`/console/api/orgs/${orgA}/keys`, { project_id: projectA, name: 'A server' }))
      .json.summary.id;
    await a.reauth();
    await changePlan(h.database.db, orgA, 'agency');
    const invitationA = (
      await a.post(`/console/api/orgs/${orgA}/invitations`, { email: 'x@tenant-a.example', role: 'viewer' })
    ).json.id;
    const inviteA = (await a.get(`/console/api/orgs/${orgA}/members`)).json;
    const userA = inviteA.members[0].user_id;

    const b = h.client();
    const { org_id: orgB } = await b.signUp('b@tenant-b.example', 'Tenant B');
    const projectB = (await b.post(`/console/api/orgs/${orgB}/projects`, { name: 'Mine' })).json.id;
    await b.reauth();

    const reads = ['', '/projects', '/keys', `/keys?project_id=${projectA}`, '/usage', '/audit', '/members'];
    for (const path of reads) {
      const res = await b.get(`/console/api/orgs/${orgA}${path}`);
      expect(res.status, path).toBe(404);
    }
    // A's ids through B's own organization.
    const inB = (path: string) => `/console/api/orgs/${orgB}${path}`;
    expect((await b.get(inB(`/keys?project_id=${projectA}`))).status).toBe(404);
    expect((await b.post(inB('/keys'), { project_id: projectA, name: 'B' })).status).toBe(404);
    expect((await b.post(inB(`/keys/${keyA}/reveal`))).status).toBe(404);
    expect((await b.post(inB(`/keys/${keyA}/roll`), { grace: 'none' })).status).toBe(404);
    expect((await b.post(inB(`/keys/${keyA}/revoke`))).status).toBe(404);
    expect((await b.patch(inB(`/keys/${keyA}`), { name: 'pwned' })).status).toBe(404);
    expect((await b.patch(inB(`/members/${userA}`), { role: 'viewer' })).status).toBe(404);
    expect((await b.del(inB(`/members/${userA}`))).status).toBe(404);
    expect((await b.del(inB(`/invitations/${invitationA}`))).status).toBe(404);
    expect((await b.del(`/console/api/orgs/${orgA}/invitations/${invitationA}`)).status).toBe(404);
    expect((await a.get(`/console/api/orgs/${orgA}/members`)).json.invitations).toHaveLength(1);
    // And nothing of A's leaked into B's views.
    const keysB = await b.get(inB('/keys'));
    expect(keysB.json).toEqual([]);
    expect((await b.get(inB(`/keys?project_id=${projectB}`))).json).toEqual([]);
    const auditB = JSON.stringify((await b.get(inB('/audit'))).json);
    expect(auditB).not.toContain(keyA);
    // A's key is untouched.
    const stillA = (await a.get(`/console/api/orgs/${orgA}/keys`)).json[0];
    expect(stillA).toMatchObject({ id: keyA, revoked_at: null, name: 'A server' });
  });
});
