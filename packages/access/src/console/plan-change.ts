import { DossierError } from '@dossier/core';
import { type Db, organizations, type Plan } from '@dossier/db';
import { eq } from 'drizzle-orm';
import { findOrganization } from '../org-store.js';
import { planRateLimits, planSeats } from '../plans.js';
import { createAuditLog } from './audit.js';

/** By id, slug or name; a name shared by several organizations must be given as its id. */
export async function findOrganizationByAnyName(db: Db, nameOrId: string) {
  const [byId] = await db.select().from(organizations).where(eq(organizations.id, nameOrId));
  if (byId) return byId;
  const bySlug = await findOrganization(db, nameOrId);
  if (bySlug) return bySlug;
  const byName = await db.select().from(organizations).where(eq(organizations.name, nameOrId)).limit(2);
  if (byName.length > 1) {
    throw new DossierError('conflict', `several organizations are named ${nameOrId}; give the id (org_...)`);
  }
  if (byName[0]) return byName[0];
  throw new DossierError('not_found', `organization ${nameOrId} not found`);
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
