import { resolveOrganization } from '@dossier/access';
import { DossierError } from '@dossier/core';
import { type Db, type Role, roles } from '@dossier/db';
import { createAuditLog } from './audit.js';
import { createMemberStore } from './members.js';
import { createPasswordResets, resetLink } from './password-resets.js';
import { userByEmail } from './users.js';

/** What the audit log shows as the actor of an operator command (no user, no address). */
const operator = (command: string) => ({ userId: null, ip: null, userAgent: command });

/**
 * A one-time reset link for an account, printed by `dossier users reset-password` where the
 * server sends no mail. The operator hands it over; the password itself never passes through them.
 */
export async function operatorResetLink(db: Db, email: string, origin: string) {
  const user = await userByEmail(db, email.trim());
  if (!user) throw new DossierError('not_found', `No console account uses ${email}.`);
  const { token, expiresAt } = await createPasswordResets(db).create(user.id);
  return { email: user.email, link: resetLink(origin, token), expires_at: expiresAt.toISOString() };
}

/**
 * An invitation link to an organization found by id or exact name, printed by `dossier users
 * invite`: how an operator reaches an organization no console user owns yet, such as the demo
 * organization that owns the key printed at first start. Bound to the email like any invitation.
 */
export async function operatorInvite(db: Db, org: string, email: string, role: string, origin: string) {
  if (!(roles as readonly string[]).includes(role)) {
    throw new DossierError('invalid_request', `role: must be one of ${roles.join(', ')}`, {
      issues: [{ path: 'role', message: `must be one of ${roles.join(', ')}` }],
    });
  }
  const found = await resolveOrganization(db, org);
  if (!found) throw new DossierError('not_found', `No organization ${org} (give its id or exact name).`);
  const invitation = await createMemberStore(db).invite(
    found.id,
    email.trim().toLowerCase(),
    role as Role,
    null,
  );
  await createAuditLog(db).record(
    found.id,
    operator('dossier users invite'),
    'member.invited',
    { type: 'invitation', id: invitation.id },
    { email: invitation.email, role, by: 'operator' },
  );
  return {
    org_id: found.id,
    organization: found.name,
    email: invitation.email,
    role,
    link: `${origin}/invite#${invitation.token}`,
    expires_at: invitation.expires_at,
  };
}
