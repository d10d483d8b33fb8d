import { DossierError, validate } from '@dossier/core';
import { acceptInput, inviteInput, roleInput } from '../inputs.js';
import { actorOf, type ConsoleServices, type RequestContext } from './context.js';
import { emailInvitation, type InvitationEmailOptions } from './invitation-email.js';

/**
 * Members, roles and invitations of an organization. Changes need the members permission and a
 * recent password confirmation; only an owner touches the owner role, and one owner always stays.
 */
export function memberActions(
  deps: ConsoleServices,
  options: Omit<InvitationEmailOptions, 'log'> & { publicUrl?: string },
) {
  const { db, members, audit, guard, log } = deps;
  return {
    async listMembers(ctx: RequestContext, orgId: string) {
      await guard.membership(ctx, orgId, 'read');
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
      const role = await guard.membership(ctx, orgId, 'members');
      guard.requireReauth(ctx);
      const input = validate(inviteInput, raw);
      if (input.role === 'owner' && role !== 'owner') {
        throw new DossierError('forbidden', 'Only an owner can invite another owner.');
      }
      const invitation = await members.invite(orgId, input.email, input.role, ctx.session.userId);
      // The token rides in the fragment: browsers never send it, so no server or proxy logs it.
      const link = `${options.publicUrl ?? requestOrigin}/invite#${invitation.token}`;
      const email = await emailInvitation(db, { ...options, log }, ctx, orgId, invitation, link);
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
      await guard.membership(ctx, orgId, 'members');
      guard.requireReauth(ctx);
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
      const myRole = await guard.membership(ctx, orgId, 'members');
      guard.requireReauth(ctx);
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
      const myRole = await guard.membership(ctx, orgId, 'members');
      guard.requireReauth(ctx);
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
  };
}
