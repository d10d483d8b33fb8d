import { createHash, randomBytes } from 'node:crypto';
import { planSeats } from '@dossier/access';
import { DossierError } from '@dossier/core';
import {
  type Db,
  invitations,
  memberships,
  newId,
  organizations,
  type Plan,
  type Role,
  users,
} from '@dossier/db';
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';

export const invitationTtlMs = 7 * 86_400_000;

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const planLabel: Record<Plan, string> = {
  free: 'Free',
  starter: 'Starter',
  agency: 'Agency',
  enterprise: 'Enterprise',
};

export interface SeatUse {
  plan: Plan;
  seats: number | null;
  members: number;
  pending: number;
}

export function seatLimitMessage(use: SeatUse): string {
  return `All ${use.seats} seat(s) of the ${planLabel[use.plan]} plan are taken (${use.members} member(s), ${use.pending} pending invitation(s)). Revoke an invitation, remove a member, or ask your operator to change the plan.`;
}

/**
 * An invitation belongs to the address it was sent to: a forwarded link must not let anyone else
 * join. Addresses compare case-insensitively (the invite form stores them lower-cased already).
 */
export function assertInvitedEmail(invited: string, email: string) {
  if (invited.trim().toLowerCase() === email.trim().toLowerCase()) return;
  throw new DossierError(
    'forbidden',
    `This invitation was sent to ${invited}. Sign in or sign up with that address to accept it, or ask for an invitation to ${email}.`,
    { issues: [{ path: 'email', message: `the invitation is for ${invited}` }] },
  );
}

export function createMemberStore(db: Db) {
  async function seatUse(orgId: string, now = new Date()): Promise<SeatUse> {
    const [org] = await db
      .select({ plan: organizations.plan })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!org) throw new DossierError('not_found', 'organization not found');
    const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.orgId, orgId));
    const [pending] = await db
      .select({ n: count() })
      .from(invitations)
      .where(
        and(eq(invitations.orgId, orgId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
      );
    return { plan: org.plan, seats: planSeats[org.plan], members: members?.n ?? 0, pending: pending?.n ?? 0 };
  }

  return {
    seatUse,

    async role(orgId: string, userId: string): Promise<Role | null> {
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
      return row?.role ?? null;
    },

    async list(orgId: string) {
      const rows = await db
        .select({
          user_id: users.id,
          email: users.email,
          name: users.name,
          role: memberships.role,
          joined_at: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.orgId, orgId))
        .orderBy(asc(memberships.createdAt));
      return rows.map((r) => ({ ...r, joined_at: r.joined_at.toISOString() }));
    },

    async pendingInvitations(orgId: string, now = new Date()) {
      const rows = await db
        .select()
        .from(invitations)
        .where(
          and(eq(invitations.orgId, orgId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
        )
        .orderBy(asc(invitations.createdAt));
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role,
        expires_at: r.expiresAt.toISOString(),
        created_at: r.createdAt.toISOString(),
      }));
    },

    /** A new invitation; the token is returned here only (the link), the database keeps its hash. */
    async invite(orgId: string, email: string, role: Role, invitedBy: string | null, now = new Date()) {
      const use = await seatUse(orgId, now);
      if (use.seats != null && use.members + use.pending >= use.seats) {
        throw new DossierError('conflict', seatLimitMessage(use));
      }
      const token = randomBytes(24).toString('base64url');
      const id = newId('inv');
      const expiresAt = new Date(now.getTime() + invitationTtlMs);
      await db.insert(invitations).values({
        id,
        orgId,
        email,
        role,
        tokenHash: tokenHashOf(token),
        invitedBy,
        expiresAt,
      });
      return { id, token, email, role, expires_at: expiresAt.toISOString() };
    },

    /** The open invitation behind a link, or null. */
    async findInvitation(token: string, now = new Date()) {
      const [row] = await db
        .select({ invitation: invitations, orgName: organizations.name })
        .from(invitations)
        .innerJoin(organizations, eq(organizations.id, invitations.orgId))
        .where(eq(invitations.tokenHash, tokenHashOf(token)))
        .limit(1);
      if (!row || row.invitation.acceptedAt || row.invitation.expiresAt <= now) return null;
      return { ...row.invitation, orgName: row.orgName };
    },

    /**
     * Joins the user to the invitation's organization; the seat was held by the invitation. The
     * user's email must be the invited one; a refusal leaves the invitation open for its owner.
     */
    async accept(token: string, userId: string, email: string, now = new Date()) {
      const [row] = await db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, tokenHashOf(token)))
        .limit(1);
      if (!row || row.acceptedAt || row.expiresAt <= now) {
        throw new DossierError('not_found', 'This invitation link is invalid, used or expired.');
      }
      assertInvitedEmail(row.email, email);
      const existing = await this.role(row.orgId, userId);
      if (existing) throw new DossierError('conflict', 'You are already a member of this organization.');
      const use = await seatUse(row.orgId, now);
      // The invitation itself is one of the pending seats; a plan downgrade may have removed it.
      if (use.seats != null && use.members >= use.seats) {
        throw new DossierError('conflict', seatLimitMessage(use));
      }
      const claimed = await db
        .update(invitations)
        .set({ acceptedAt: now })
        .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      if (claimed.length === 0) throw new DossierError('conflict', 'This invitation was already used.');
      await db.insert(memberships).values({ orgId: row.orgId, userId, role: row.role });
      return { orgId: row.orgId, role: row.role, invitationId: row.id };
    },

    async revokeInvitation(orgId: string, invitationId: string) {
      const deleted = await db
        .delete(invitations)
        .where(
          and(eq(invitations.id, invitationId), eq(invitations.orgId, orgId), isNull(invitations.acceptedAt)),
        )
        .returning({ id: invitations.id, email: invitations.email });
      if (deleted.length === 0) throw new DossierError('not_found', `invitation ${invitationId} not found`);
      return deleted[0];
    },

    async owners(orgId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.orgId, orgId), eq(memberships.role, 'owner')));
      return row?.n ?? 0;
    },

    async setRole(orgId: string, userId: string, role: Role) {
      await db
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
    },

    async remove(orgId: string, userId: string) {
      await db.delete(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
    },
  };
}

export type MemberStore = ReturnType<typeof createMemberStore>;
