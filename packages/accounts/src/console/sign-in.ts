import { createOrganization } from '@dossier/access';
import { DossierError, validate } from '@dossier/core';
import { memberships, newId, users } from '@dossier/db';
import type { Actor } from '../audit.js';
import { reauthInput, signInInput, signUpInput } from '../inputs.js';
import { assertInvitedEmail } from '../members.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import type { ClientMeta } from '../sessions.js';
import type { SignInLimiter } from '../signin-limit.js';
import { userByEmail, userById } from '../users.js';
import type { ConsoleServices, RequestContext } from './context.js';

const alreadyRegistered = () =>
  new DossierError('conflict', 'An account with this email already exists; sign in instead.', {
    issues: [{ path: 'email', message: 'already registered' }],
  });

/**
 * The signed-in user's password, checked again (throttled like sign-in); `wrong` is the error for
 * a wrong one, so each caller names its own field.
 */
export async function confirmPassword(
  { db }: ConsoleServices,
  limiter: SignInLimiter,
  ctx: RequestContext,
  password: string,
  wrong: () => DossierError,
) {
  await limiter.before(ctx.session.email, ctx.ip ?? 'unknown');
  const user = await userById(db, ctx.session.userId);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await limiter.failed(ctx.session.email);
    throw wrong();
  }
  await limiter.succeeded(ctx.session.email);
  return user;
}

/** Sign-up, sign-in, password confirmation and sign-out; passwords are checked through `limiter`. */
export function signInActions(deps: ConsoleServices, limiter: SignInLimiter) {
  const { db, sessions, members, audit } = deps;
  return {
    /** A new account: its own organization (Free plan, owner), or the organization of an invitation. */
    async signUp(raw: unknown, meta: ClientMeta) {
      const input = validate(signUpInput, raw);
      await limiter.before(input.email, meta.ip ?? 'unknown');
      const invitation = input.invitation ? await members.findInvitation(input.invitation) : null;
      if (input.invitation && !invitation) {
        throw new DossierError('not_found', 'This invitation link is invalid, used or expired.', {
          issues: [{ path: 'invitation', message: 'invalid, used or expired' }],
        });
      }
      // Checked before the account exists, so a refused link leaves nothing behind.
      if (invitation) assertInvitedEmail(invitation.email, input.email);
      if (!invitation && !input.organization) {
        throw new DossierError('invalid_request', 'organization: enter an organization name', {
          issues: [{ path: 'organization', message: 'enter an organization name' }],
        });
      }
      if (await userByEmail(db, input.email)) throw alreadyRegistered();
      const userId = newId('usr');
      const passwordHash = await hashPassword(input.password);
      const inserted = await db
        .insert(users)
        .values({ id: userId, email: input.email, name: input.name || null, passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length === 0) throw alreadyRegistered();
      const actor: Actor = { userId, ...meta };
      let orgId: string;
      if (invitation && input.invitation) {
        const joined = await members.accept(input.invitation, userId, input.email);
        orgId = joined.orgId;
        await audit.record(
          orgId,
          actor,
          'member.joined',
          { type: 'user', id: userId },
          {
            email: input.email,
            role: joined.role,
            invitation_id: joined.invitationId,
          },
        );
      } else {
        // Organization names need not be unique across tenants; the slug gets a suffix when taken.
        orgId = (await createOrganization(db, input.organization as string, 'free')).id;
        await db.insert(memberships).values({ orgId, userId, role: 'owner' });
        await audit.record(orgId, actor, 'org.created', { type: 'org', id: orgId });
      }
      const session = await sessions.create(userId, meta);
      return { ...session, userId, orgId };
    },

    /** Checks the password (throttled per account and address) and starts a new session. */
    async signIn(raw: unknown, meta: ClientMeta) {
      const input = validate(signInInput, raw);
      await limiter.before(input.email, meta.ip ?? 'unknown');
      const user = await userByEmail(db, input.email);
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await limiter.failed(input.email);
        throw new DossierError('unauthorized', 'Wrong email or password.');
      }
      await limiter.succeeded(input.email);
      return { ...(await sessions.create(user.id, meta)), userId: user.id };
    },

    /** Password again: unlocks reveal, roll, revoke and member changes for 10 minutes. */
    async reauth(ctx: RequestContext, raw: unknown) {
      const input = validate(reauthInput, raw);
      await confirmPassword(
        deps,
        limiter,
        ctx,
        input.password,
        () =>
          new DossierError('unauthorized', 'Wrong password.', {
            issues: [{ path: 'password', message: 'wrong password' }],
          }),
      );
      const until = await sessions.markReauth(ctx.session.id);
      return { reauth_until: until.toISOString() };
    },

    signOut: (ctx: RequestContext) => sessions.end(ctx.session.id),
    signOutEverywhere: (ctx: RequestContext) => sessions.endAll(ctx.session.userId),
  };
}
