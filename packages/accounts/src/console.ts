import {
  type Access,
  createOrganization as createNamedOrganization,
  peekRate,
  planRateLimits,
} from '@dossier/access';
import { DossierError, type Logger, silentLogger, validate } from '@dossier/core';
import {
  type Database,
  memberships,
  newId,
  organizations,
  type Plan,
  projects,
  type Role,
  users,
} from '@dossier/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type Actor, type AuditFilter, createAuditLog } from './audit.js';
import {
  acceptInput,
  auditQuery,
  inviteInput,
  passwordChangeInput,
  primaryKeyInput,
  projectInput,
  reauthInput,
  renameInput,
  requestLogQuery,
  resetCompleteInput,
  resetRequestInput,
  roleInput,
  rollInput,
  scopedKeyInput,
  signInInput,
  signUpInput,
  usageQuery,
} from './inputs.js';
import { invitationMessage } from './mail/invitation-mail.js';
import { type Mailer, MailSendError, sendWithin } from './mail/mailer.js';
import { resetMessage } from './mail/reset-mail.js';
import { assertInvitedEmail, createMemberStore } from './members.js';
import { createPasswordResets, resetLink } from './password-resets.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { changePlan } from './plan-change.js';
import {
  type ClientMeta,
  createSessionStore,
  defaultSessionPolicy,
  type SessionInfo,
  type SessionPolicy,
} from './sessions.js';
import { createSignInLimiter, defaultSignInLimits, type SignInLimits } from './signin-limit.js';
import { requestLogPage, type UsageQuery, usageCsv, usageReport, usageWindow } from './usage-report.js';

export interface ConsoleConfig {
  database: Database;
  /** The access layer, so key changes reach its key cache and other instances. */
  access: Access;
  redis?: Redis;
  redisPrefix?: string;
  sessions?: Partial<SessionPolicy>;
  signInLimits?: Partial<SignInLimits>;
  /** Sends invitation emails; without one, email is off and invitations are links to copy. */
  mailer?: Mailer;
  /** Longest wait for one invitation email; the invitation exists whatever happens to it. */
  mailTimeoutMs?: number;
  /** Origin for links in emails (the public address behind a proxy); else the request's origin. */
  publicUrl?: string;
  log?: Logger;
}

/** Why no email went out when email is off. */
export const emailOffReason = 'email is off (no SMTP server is configured)';

/** What each role may do; every role can read its organization's projects, keys and usage. */
const permissions = {
  read: ['owner', 'admin', 'developer', 'viewer'],
  keys: ['owner', 'admin', 'developer'],
  audit: ['owner', 'admin', 'developer'],
  members: ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;
type Permission = keyof typeof permissions;

/** A signed-in request: the session and where it came from. */
export interface RequestContext extends ClientMeta {
  session: SessionInfo;
}

const actorOf = (ctx: RequestContext): Actor => ({
  userId: ctx.session.userId,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

const reauthNeeded = () =>
  new DossierError(
    'forbidden',
    'Confirm your password to continue (needed every 10 minutes for this action).',
    {
      issues: [{ path: 'reauth', message: 'password confirmation required' }],
    },
  );

/**
 * The console's domain: accounts, sessions, organizations, members, projects, keys, usage and
 * audit. Every organization-scoped call checks membership first; a non-member gets `not_found`
 * for any id, so ids of other tenants reveal nothing.
 */
export function createConsole(config: ConsoleConfig) {
  const { db } = config.database;
  const { access } = config;
  const sessions = createSessionStore(db, { ...defaultSessionPolicy, ...config.sessions });
  const limiter = createSignInLimiter(
    { ...defaultSignInLimits, ...config.signInLimits },
    config.redis,
    config.redisPrefix,
  );
  // Reset emails per address asked for: a few per window, so nobody can flood one inbox.
  const resetLimiter = createSignInLimiter(
    { perAccount: 3, perAddress: 20, windowSeconds: 900 },
    config.redis,
    `${config.redisPrefix ?? 'dossier'}:reset`,
  );
  const members = createMemberStore(db);
  const audit = createAuditLog(db);
  const resets = createPasswordResets(db);
  const log = config.log ?? silentLogger;
  const mailTimeoutMs = config.mailTimeoutMs ?? 15_000;

  /**
   * Emails an invitation link. Never throws: a failure is a reason to show, and is logged by
   * invitation id and error code only (the link is the invitation; it never reaches a log).
   */
  async function emailInvitation(
    ctx: RequestContext,
    orgId: string,
    invitation: { id: string; email: string; role: Role; expires_at: string },
    link: string,
  ): Promise<{ sent: boolean; reason?: string }> {
    if (!config.mailer) return { sent: false, reason: emailOffReason };
    try {
      const [org] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      const message = invitationMessage({
        to: invitation.email,
        organization: org?.name ?? 'an organization',
        inviter: ctx.session.name || ctx.session.email,
        role: invitation.role,
        link,
        expiresAt: new Date(invitation.expires_at),
      });
      await sendWithin(config.mailer, message, mailTimeoutMs);
      log.info({ invitation_id: invitation.id, org_id: orgId }, 'invitation emailed');
      return { sent: true };
    } catch (error) {
      const reason = error instanceof MailSendError ? error.reason : 'sending failed';
      const detail = error instanceof MailSendError ? error.detail : {};
      log.warn(
        { invitation_id: invitation.id, org_id: orgId, reason, ...detail },
        'invitation email not sent; the link still works',
      );
      return { sent: false, reason };
    }
  }

  async function membership(ctx: RequestContext, orgId: string, need: Permission) {
    const role = await members.role(orgId, ctx.session.userId);
    if (!role) throw new DossierError('not_found', 'organization not found');
    if (!(permissions[need] as readonly Role[]).includes(role)) {
      throw new DossierError('forbidden', `Your role (${role}) cannot do this; ask an owner or admin.`);
    }
    return role;
  }

  function requireReauth(ctx: RequestContext) {
    if (!sessions.reauthValid(ctx.session)) throw reauthNeeded();
  }

  async function projectOf(orgId: string, projectId: string) {
    const [row] = await db
      .select()
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)));
    if (!row) {
      throw new DossierError('not_found', `project ${projectId} not found`, {
        issues: [{ path: 'project_id', message: 'no such project in this organization' }],
      });
    }
    return row;
  }

  async function userByEmail(email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row ?? null;
  }

  return {
    sessions,

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
      if (await userByEmail(input.email)) {
        throw new DossierError('conflict', 'An account with this email already exists; sign in instead.', {
          issues: [{ path: 'email', message: 'already registered' }],
        });
      }
      const userId = newId('usr');
      const passwordHash = await hashPassword(input.password);
      const inserted = await db
        .insert(users)
        .values({ id: userId, email: input.email, name: input.name || null, passwordHash })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length === 0) {
        throw new DossierError('conflict', 'An account with this email already exists; sign in instead.', {
          issues: [{ path: 'email', message: 'already registered' }],
        });
      }
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
        orgId = await createOrganization(input.organization as string);
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
      const user = await userByEmail(input.email);
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
      await limiter.before(ctx.session.email, ctx.ip ?? 'unknown');
      const [user] = await db.select().from(users).where(eq(users.id, ctx.session.userId));
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
        await limiter.failed(ctx.session.email);
        throw new DossierError('unauthorized', 'Wrong password.', {
          issues: [{ path: 'password', message: 'wrong password' }],
        });
      }
      await limiter.succeeded(ctx.session.email);
      const until = await sessions.markReauth(ctx.session.id);
      return { reauth_until: until.toISOString() };
    },

    /**
     * A new password, given the current one; every other session of the user ends (a stolen
     * cookie stops working), this one stays.
     */
    async changePassword(ctx: RequestContext, raw: unknown) {
      const input = validate(passwordChangeInput, raw);
      await limiter.before(ctx.session.email, ctx.ip ?? 'unknown');
      const [user] = await db.select().from(users).where(eq(users.id, ctx.session.userId));
      if (!user || !(await verifyPassword(user.passwordHash, input.current_password))) {
        await limiter.failed(ctx.session.email);
        throw new DossierError('forbidden', 'current_password: wrong password', {
          issues: [{ path: 'current_password', message: 'wrong password' }],
        });
      }
      await limiter.succeeded(ctx.session.email);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.new_password) })
        .where(eq(users.id, user.id));
      await sessions.endAll(user.id, ctx.session.id);
      log.info({ user_id: user.id }, 'password changed; other sessions ended');
      return { changed: true, other_sessions_ended: true };
    },

    /**
     * Emails a one-time reset link when the address has an account. The answer is the same
     * either way (no account oracle), and the email goes out after it, so timing tells nothing.
     * Without mail, the answer names the operator command instead.
     */
    async requestPasswordReset(raw: unknown, meta: ClientMeta, requestOrigin: string) {
      const input = validate(resetRequestInput, raw);
      if (!config.mailer) {
        throw new DossierError(
          'unavailable',
          'Email is off on this server, so no reset link can be sent. Ask your operator to run `dossier users reset-password EMAIL`, which prints a one-time link.',
        );
      }
      await resetLimiter.before(input.email, meta.ip ?? 'unknown');
      await resetLimiter.failed(input.email);
      const mailer = config.mailer;
      void (async () => {
        const user = await userByEmail(input.email);
        if (!user) return;
        const { token } = await resets.create(user.id);
        const link = resetLink(config.publicUrl ?? requestOrigin, token);
        await sendWithin(mailer, resetMessage({ to: user.email, link }), mailTimeoutMs);
        log.info({ user_id: user.id }, 'password reset link emailed');
      })().catch((error) =>
        log.warn(
          { reason: error instanceof MailSendError ? error.reason : 'sending failed' },
          'password reset email not sent',
        ),
      );
      return {
        message: `If ${input.email} has an account, a reset link is on its way; it works once, for one hour.`,
      };
    },

    /** Spends a reset link: the new password, every session of the user ended, and a fresh one here. */
    async completePasswordReset(raw: unknown, meta: ClientMeta) {
      const input = validate(resetCompleteInput, raw);
      const userId = await resets.consume(input.token);
      if (!userId) {
        throw new DossierError(
          'not_found',
          'This reset link is invalid, used or expired; ask for a new one.',
          {
            issues: [{ path: 'token', message: 'invalid, used or expired' }],
          },
        );
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password) })
        .where(eq(users.id, userId));
      await sessions.endAll(userId);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (user) await limiter.succeeded(user.email);
      log.info({ user_id: userId }, 'password reset; every session ended');
      return { ...(await sessions.create(userId, meta)), userId };
    },

    signOut: (ctx: RequestContext) => sessions.end(ctx.session.id),
    signOutEverywhere: (ctx: RequestContext) => sessions.endAll(ctx.session.userId),

    /** The signed-in user and their organizations. */
    async me(ctx: RequestContext) {
      const orgs = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          plan: organizations.plan,
          role: memberships.role,
        })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.orgId))
        .where(eq(memberships.userId, ctx.session.userId))
        .orderBy(asc(memberships.createdAt));
      return {
        user: { id: ctx.session.userId, email: ctx.session.email, name: ctx.session.name },
        session: {
          expires_at: ctx.session.expiresAt.toISOString(),
          reauth_until: sessions.reauthValid(ctx.session)
            ? new Date((ctx.session.reauthAt as Date).getTime() + sessions.policy.reauthMs).toISOString()
            : null,
        },
        organizations: orgs,
      };
    },

    async organization(ctx: RequestContext, orgId: string) {
      const role = await membership(ctx, orgId, 'read');
      const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
      if (!org) throw new DossierError('not_found', 'organization not found');
      const use = await members.seatUse(orgId);
      return {
        id: org.id,
        name: org.name,
        plan: org.plan,
        role,
        seats: use.seats,
        seats_used: use.members,
        invitations_pending: use.pending,
        rate_limit_per_minute: planRateLimits[org.plan],
        reveal_enabled: await revealEnabled(),
        email_enabled: Boolean(config.mailer),
      };
    },

    async listProjects(ctx: RequestContext, orgId: string) {
      await membership(ctx, orgId, 'read');
      const rows = await db
        .select()
        .from(projects)
        .where(eq(projects.orgId, orgId))
        .orderBy(asc(projects.createdAt));
      return rows.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt.toISOString() }));
    },

    async createProject(ctx: RequestContext, orgId: string, raw: unknown) {
      await membership(ctx, orgId, 'keys');
      const input = validate(projectInput, raw);
      const [row] = await db
        .insert(projects)
        .values({ id: newId('prj'), orgId, name: input.name })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new DossierError('conflict', `A project named ${input.name} already exists.`, {
          issues: [{ path: 'name', message: 'already used in this organization' }],
        });
      }
      await audit.record(
        orgId,
        actorOf(ctx),
        'project.created',
        { type: 'project', id: row.id },
        {
          name: row.name,
        },
      );
      return { id: row.id, name: row.name, created_at: row.createdAt.toISOString() };
    },

    async listKeys(ctx: RequestContext, orgId: string, projectId?: string) {
      await membership(ctx, orgId, 'read');
      if (projectId) await projectOf(orgId, projectId);
      return access.keys.list(orgId, projectId);
    },

    async createPrimaryKey(ctx: RequestContext, orgId: string, raw: unknown) {
      await membership(ctx, orgId, 'keys');
      const input = validate(primaryKeyInput, raw);
      await projectOf(orgId, input.project_id);
      const created = await access.keys.create({
        orgId,
        projectId: input.project_id,
        kind: 'primary',
        name: input.name,
        createdBy: ctx.session.userId,
      });
      await audit.record(
        orgId,
        actorOf(ctx),
        'key.created',
        { type: 'key', id: created.summary.id },
        {
          kind: 'primary',
          name: created.summary.name,
          project_id: input.project_id,
        },
      );
      return created;
    },

    async createScopedKey(ctx: RequestContext, orgId: string, raw: unknown) {
      await membership(ctx, orgId, 'keys');
      const input = validate(scopedKeyInput, raw);
      await projectOf(orgId, input.project_id);
      const created = await access.keys.create({
        orgId,
        projectId: input.project_id,
        kind: 'scoped',
        name: input.name,
        scopes: input.scopes,
        origins: input.origins,
        expiresAt: new Date(input.expires_at),
        rateLimit: input.rate_limit ?? null,
        createdBy: ctx.session.userId,
      });
      await audit.record(
        orgId,
        actorOf(ctx),
        'key.created',
        { type: 'key', id: created.summary.id },
        {
          kind: 'scoped',
          name: created.summary.name,
          project_id: input.project_id,
          scopes: input.scopes,
          expires_at: input.expires_at,
        },
      );
      return created;
    },

    async renameKey(ctx: RequestContext, orgId: string, keyId: string, raw: unknown) {
      await membership(ctx, orgId, 'keys');
      const input = validate(renameInput, raw);
      const before = await access.keys.get(orgId, keyId);
      await access.keys.rename(orgId, keyId, input.name);
      await audit.record(
        orgId,
        actorOf(ctx),
        'key.renamed',
        { type: 'key', id: keyId },
        {
          from: before.name,
          to: input.name,
        },
      );
      return access.keys.get(orgId, keyId);
    },

    async revealKey(ctx: RequestContext, orgId: string, keyId: string) {
      await membership(ctx, orgId, 'keys');
      requireReauth(ctx);
      const key = await access.keys.reveal(orgId, keyId);
      await audit.record(orgId, actorOf(ctx), 'key.revealed', { type: 'key', id: keyId });
      return { id: keyId, key };
    },

    async rollKey(ctx: RequestContext, orgId: string, keyId: string, raw: unknown) {
      await membership(ctx, orgId, 'keys');
      requireReauth(ctx);
      const input = validate(rollInput, raw);
      const rolled = await access.keys.roll(orgId, keyId, input.grace);
      await audit.record(
        orgId,
        actorOf(ctx),
        'key.rolled',
        { type: 'key', id: keyId },
        {
          grace: input.grace,
          new_key_id: rolled.summary.id,
          old_works_until: rolled.old.works_until,
        },
      );
      return rolled;
    },

    async revokeKey(ctx: RequestContext, orgId: string, keyId: string) {
      await membership(ctx, orgId, 'keys');
      requireReauth(ctx);
      await access.keys.get(orgId, keyId);
      await access.keys.revoke(orgId, keyId);
      await audit.record(orgId, actorOf(ctx), 'key.revoked', { type: 'key', id: keyId });
      return access.keys.get(orgId, keyId);
    },

    async listMembers(ctx: RequestContext, orgId: string) {
      await membership(ctx, orgId, 'read');
      const use = await members.seatUse(orgId);
      return {
        members: await members.list(orgId),
        invitations: await members.pendingInvitations(orgId),
        plan: use.plan,
        seats: use.seats,
        seats_used: use.members,
        invitations_pending: use.pending,
      };
    },

    /**
     * A new invitation, and its link emailed when a mailer is set. The email cannot undo or fail
     * the invitation: the answer says whether it went out and, if not, why.
     */
    async invite(ctx: RequestContext, orgId: string, raw: unknown, requestOrigin: string) {
      const role = await membership(ctx, orgId, 'members');
      requireReauth(ctx);
      const input = validate(inviteInput, raw);
      if (input.role === 'owner' && role !== 'owner') {
        throw new DossierError('forbidden', 'Only an owner can invite another owner.');
      }
      const invitation = await members.invite(orgId, input.email, input.role, ctx.session.userId);
      // The token rides in the fragment: browsers never send it, so no server or proxy logs it.
      const link = `${config.publicUrl ?? requestOrigin}/invite#${invitation.token}`;
      const email = await emailInvitation(ctx, orgId, invitation, link);
      await audit.record(
        orgId,
        actorOf(ctx),
        'member.invited',
        { type: 'invitation', id: invitation.id },
        {
          email: input.email,
          role: input.role,
          email_sent: email.sent,
          ...(email.reason ? { email_error: email.reason } : {}),
        },
      );
      return {
        ...invitation,
        link,
        email_sent: email.sent,
        ...(email.reason ? { email_reason: email.reason } : {}),
      };
    },

    async revokeInvitation(ctx: RequestContext, orgId: string, invitationId: string) {
      await membership(ctx, orgId, 'members');
      requireReauth(ctx);
      const revoked = await members.revokeInvitation(orgId, invitationId);
      await audit.record(
        orgId,
        actorOf(ctx),
        'invitation.revoked',
        { type: 'invitation', id: invitationId },
        {
          email: revoked?.email,
        },
      );
    },

    async changeRole(ctx: RequestContext, orgId: string, userId: string, raw: unknown) {
      const myRole = await membership(ctx, orgId, 'members');
      requireReauth(ctx);
      const input = validate(roleInput, raw);
      const current = await members.role(orgId, userId);
      if (!current) throw new DossierError('not_found', `member ${userId} not found`);
      if ((current === 'owner' || input.role === 'owner') && myRole !== 'owner') {
        throw new DossierError('forbidden', 'Only an owner can grant or remove the owner role.');
      }
      if (current === 'owner' && input.role !== 'owner' && (await members.owners(orgId)) <= 1) {
        throw new DossierError('conflict', 'An organization needs at least one owner.');
      }
      await members.setRole(orgId, userId, input.role);
      await audit.record(
        orgId,
        actorOf(ctx),
        'member.role_changed',
        { type: 'user', id: userId },
        {
          from: current,
          to: input.role,
        },
      );
    },

    async removeMember(ctx: RequestContext, orgId: string, userId: string) {
      const myRole = await membership(ctx, orgId, 'members');
      requireReauth(ctx);
      const current = await members.role(orgId, userId);
      if (!current) throw new DossierError('not_found', `member ${userId} not found`);
      if (current === 'owner' && myRole !== 'owner') {
        throw new DossierError('forbidden', 'Only an owner can remove an owner.');
      }
      if (current === 'owner' && (await members.owners(orgId)) <= 1) {
        throw new DossierError('conflict', 'An organization needs at least one owner.');
      }
      await members.remove(orgId, userId);
      await audit.record(
        orgId,
        actorOf(ctx),
        'member.removed',
        { type: 'user', id: userId },
        { role: current },
      );
    },

    /** What an invitation link shows before sign-up or acceptance. */
    async previewInvitation(raw: unknown) {
      const { token } = validate(acceptInput, raw);
      const found = await members.findInvitation(token);
      if (!found) throw new DossierError('not_found', 'This invitation link is invalid, used or expired.');
      return { organization: found.orgName, email: found.email, role: found.role };
    },

    async acceptInvitation(ctx: RequestContext, raw: unknown) {
      const input = validate(acceptInput, raw);
      const joined = await members.accept(input.token, ctx.session.userId, ctx.session.email);
      await audit.record(
        joined.orgId,
        actorOf(ctx),
        'member.joined',
        { type: 'user', id: ctx.session.userId },
        {
          email: ctx.session.email,
          role: joined.role,
          invitation_id: joined.invitationId,
        },
      );
      return { org_id: joined.orgId, role: joined.role };
    },

    async auditLog(ctx: RequestContext, orgId: string, rawQuery: unknown) {
      await membership(ctx, orgId, 'audit');
      const q = validate(auditQuery, rawQuery);
      const filter: AuditFilter = {
        action: q.action,
        actorUserId: q.actor,
        targetId: q.target,
        since: q.since ? new Date(q.since) : undefined,
        until: q.until ? new Date(q.until) : undefined,
        before: q.before,
        limit: q.limit,
      };
      return audit.list(orgId, filter);
    },

    /**
     * Daily counts over a window (the last 30 days unless `from`/`to` say otherwise), filtered by
     * key and operation, plus the current minute against the plan limit.
     */
    async usage(ctx: RequestContext, orgId: string, rawQuery: unknown = {}) {
      await membership(ctx, orgId, 'read');
      const query = usageFilter(rawQuery);
      await access.meter.flush();
      const [org] = await db
        .select({ plan: organizations.plan })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      const plan: Plan = org?.plan ?? 'free';
      const limit = planRateLimits[plan];
      const report = await usageReport(db, orgId, query);
      return {
        ...report,
        current_minute: { used: await peekRate(`org:${orgId}`, limit), limit, plan },
      };
    },

    /** The same report as CSV (one line per day, key and operation), for spreadsheets. */
    async usageCsv(ctx: RequestContext, orgId: string, rawQuery: unknown = {}) {
      await membership(ctx, orgId, 'read');
      const query = usageFilter(rawQuery);
      await access.meter.flush();
      const report = await usageReport(db, orgId, query);
      return { filename: `usage-${report.from}-to-${report.to}.csv`, csv: usageCsv(report) };
    },

    /** Recent requests, newest first: time, key id, operation, status and latency. */
    async requestLog(ctx: RequestContext, orgId: string, rawQuery: unknown = {}) {
      await membership(ctx, orgId, 'read');
      const q = validate(requestLogQuery, rawQuery);
      const query = usageFilter(q);
      await access.requests.flush();
      const entries = await requestLogPage(db, orgId, {
        ...query,
        status: q.status,
        before: q.before,
        limit: q.limit,
      });
      return { retention_days: access.requests.retentionDays, entries };
    },

    /** Operator action (CLI): the plan decides seats and the rate limit. */
    setPlan: (org: string, plan: Plan) => changePlan(db, org, plan),
  };

  /** Validated filters; a window that ends before it starts or spans over a year is a 422. */
  function usageFilter(raw: unknown): UsageQuery {
    const q = validate(usageQuery, raw);
    const query: UsageQuery = { from: q.from, to: q.to, keyId: q.key_id, operation: q.operation };
    if (!usageWindow(query).valid) {
      throw new DossierError('invalid_request', 'from: must be on or before to, at most 366 days earlier', {
        issues: [{ path: 'from', message: 'must be on or before to, at most 366 days earlier' }],
      });
    }
    return query;
  }

  async function createOrganization(name: string): Promise<string> {
    // Organization names need not be unique across tenants; the slug gets a suffix when taken.
    return (await createNamedOrganization(db, name, 'free')).id;
  }

  /** The key store says so without touching the database: no KEK, no reveal. */
  async function revealEnabled(): Promise<boolean> {
    try {
      await access.keys.reveal('', '');
      return true;
    } catch (error) {
      return !(error instanceof DossierError && error.code === 'unavailable');
    }
  }
}

export type Console = ReturnType<typeof createConsole>;
