import { changePlan } from '@dossier/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createConsoleHarness, password } from './harness.js';

/**
 * An invitation link belongs to the invited address: whoever else holds a forwarded link cannot
 * join with it, neither by signing up nor by accepting while signed in.
 */
let h: Awaited<ReturnType<typeof createConsoleHarness>>;
let owner: Client;
let orgId: string;

beforeAll(async () => {
  h = await createConsoleHarness();
  owner = h.client();
  ({ org_id: orgId } = await owner.signUp('owner@bound.example', 'Bound Ltd'));
  await changePlan(h.database.db, orgId, 'agency');
  await owner.reauth();
});
afterAll(() => h.close());

const invite = async (email: string) => {
  const res = await owner.post(`/console/api/orgs/${orgId}/invitations`, { email, role: 'developer' });
  expect(res.status).toBe(201);
  return res.json.token as string;
};
const pendingEmails = async () =>
  (await owner.get(`/console/api/orgs/${orgId}/members`)).json.invitations.map(
    (i: { email: string }) => i.email,
  );
const memberEmails = async () =>
  (await owner.get(`/console/api/orgs/${orgId}/members`)).json.members.map((m: { email: string }) => m.email);

describe('an invitation is bound to the invited email', () => {
  it('refuses sign-up with another address, creates no account and keeps the invitation open', async () => {
    const token = await invite('alice@bound.example');
    const mallory = h.client();
    const res = await mallory.post('/console/api/auth/sign-up', {
      email: 'mallory@elsewhere.example',
      password,
      invitation: token,
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('forbidden');
    expect(res.json.message).toContain('This invitation was sent to alice@bound.example');
    expect(res.json.message).toContain('Sign in or sign up with that address');
    expect(mallory.jar.size).toBe(0);
    // No account was made under the other address, and the seat is still held for alice.
    const signIn = await h
      .client()
      .post('/console/api/auth/sign-in', { email: 'mallory@elsewhere.example', password });
    expect(signIn.status).toBe(401);
    expect(await pendingEmails()).toContain('alice@bound.example');
    expect(await memberEmails()).not.toContain('mallory@elsewhere.example');

    // The invited address joins, whatever its case; the link then stops working.
    const alice = h.client();
    const joined = await alice.post('/console/api/auth/sign-up', {
      email: 'Alice@Bound.EXAMPLE',
      password,
      invitation: token,
    });
    expect(joined.status).toBe(201);
    expect(joined.json.org_id).toBe(orgId);
    expect(await memberEmails()).toContain('alice@bound.example');
    expect((await alice.post('/console/api/invitations/accept', { token })).status).toBe(404);
    expect((await h.client().post('/console/api/invitations/preview', { token })).status).toBe(404);
  });

  it('refuses acceptance by a signed-in account with another address', async () => {
    const token = await invite('Bob@Bound.example');
    const eve = h.client();
    await eve.signUp('eve@elsewhere.example', 'Eve Co');
    const refused = await eve.post('/console/api/invitations/accept', { token });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('This invitation was sent to bob@bound.example');
    expect(refused.json.message).toContain('ask for an invitation to eve@elsewhere.example');
    const eveOrgs = (await eve.get('/console/api/me')).json.organizations.map((o: { id: string }) => o.id);
    expect(eveOrgs).not.toContain(orgId);
    expect(await pendingEmails()).toContain('bob@bound.example');

    // Bob already has an account (in any case): he signs in and accepts; only once.
    const bob = h.client();
    await bob.signUp('BOB@bound.example', 'Bob Own');
    const accepted = await bob.post('/console/api/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ org_id: orgId, role: 'developer' });
    expect((await bob.post('/console/api/invitations/accept', { token })).status).toBe(404);
    expect((await eve.post('/console/api/invitations/accept', { token })).status).toBe(404);

    const audit = await owner.get(`/console/api/orgs/${orgId}/audit?action=member.joined`);
    expect(audit.json.map((e: { data: { email: string } }) => e.data.email.toLowerCase())).toEqual(
      expect.arrayContaining(['bob@bound.example', 'alice@bound.example']),
    );
  });
});
