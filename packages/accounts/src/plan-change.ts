import { planRateLimits, planSeats, resolveOrganization } from '@dossier/access';
import { DossierError } from '@dossier/core';
import { type Db, organizations, type Plan } from '@dossier/db';
import { eq } from 'drizzle-orm';
import { createAuditLog } from './audit.js';

/** By id or name (see resolveOrganization); a name several organizations share lists them. */
export async function findOrganizationByAnyName(db: Db, nameOrId: string) {
  const found = await resolveOrganization(db, nameOrId);
  if (!found) {
    throw new DossierError(
      'not_found',
      `organization "${nameOrId}" not found (dossier orgs list shows every organization)`,
    );
  }
  return found;
}

/**
 * Operator action (`dossier plan set`): the plan decides seats and the rate limit. Existing
 * members stay when seats shrink; new invitations wait until a seat is free. Audited.
 */
export async function changePlan(db: Db, org: string, plan: Plan) {
  const found = await findOrganizationByAnyName(db, org);
  if (found.plan !== plan) {
    await db.update(organizations).set({ plan }).where(eq(organizations.id, found.id));
    await createAuditLog(db).record(
      found.id,
      { userId: null, ip: null, userAgent: 'dossier plan set' },
      'org.plan_changed',
      { type: 'org', id: found.id },
      { from: found.plan, to: plan },
    );
  }
  return {
    id: found.id,
    name: found.name,
    plan,
    previous_plan: found.plan,
    seats: planSeats[plan],
    rate_limit_per_minute: planRateLimits[plan],
  };
}
