import type { Access } from '@dossier/access';
import { DossierError, type Logger } from '@dossier/core';
import type { Db, Role } from '@dossier/db';
import type { Actor, AuditLog } from '../audit.js';
import type { MemberStore } from '../members.js';
import type { ClientMeta, SessionInfo, SessionStore } from '../sessions.js';

/** A signed-in request: the session and where it came from. */
export interface RequestContext extends ClientMeta {
  session: SessionInfo;
}

/** What every part of the console is built from (see createConsole in console.ts). */
export interface ConsoleServices {
  db: Db;
  /** The access layer, so key changes reach its key cache and other instances. */
  access: Access;
  sessions: SessionStore;
  members: MemberStore;
  audit: AuditLog;
  guard: Guard;
  log: Logger;
}

/** What each role may do; every role can read its organization's projects, keys and usage. */
const permissions = {
  read: ['owner', 'admin', 'developer', 'viewer'],
  keys: ['owner', 'admin', 'developer'],
  audit: ['owner', 'admin', 'developer'],
  members: ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;
type Permission = keyof typeof permissions;

export const actorOf = (ctx: RequestContext): Actor => ({
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
 * The checks in front of every organization-scoped call: a non-member gets `not_found` for any id,
 * so ids of other tenants reveal nothing; a member whose role falls short gets `forbidden`.
 */
export function createGuard(members: MemberStore, sessions: SessionStore) {
  return {
    async membership(ctx: RequestContext, orgId: string, need: Permission) {
      const role = await members.role(orgId, ctx.session.userId);
      if (!role) throw new DossierError('not_found', 'organization not found');
      if (!(permissions[need] as readonly Role[]).includes(role)) {
        throw new DossierError('forbidden', `Your role (${role}) cannot do this; ask an owner or admin.`);
      }
      return role;
    },

    requireReauth(ctx: RequestContext) {
      if (!sessions.reauthValid(ctx.session)) throw reauthNeeded();
    },
  };
}

export type Guard = ReturnType<typeof createGuard>;
