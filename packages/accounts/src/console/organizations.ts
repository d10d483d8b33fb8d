import { planRateLimits } from '@dossier/access';
import { DossierError } from '@dossier/core';
import { memberships, organizations } from '@dossier/db';
import { asc, eq } from 'drizzle-orm';
import type { ConsoleServices, RequestContext } from './context.js';

/** The signed-in user's organizations and what one of them looks like to its member. */
export function organizationActions(
  { db, access, sessions, members, guard }: ConsoleServices,
  { emailEnabled }: { emailEnabled: boolean },
) {
  /** The key store says so without touching the database: no KEK, no reveal. */
  async function revealEnabled(): Promise<boolean> {
    try {
      await access.keys.reveal('', '');
      return true;
    } catch (error) {
      return !(error instanceof DossierError && error.code === 'unavailable');
    }
  }

  return {
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
      const role = await guard.membership(ctx, orgId, 'read');
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
        email_enabled: emailEnabled,
      };
    },
  };
}
