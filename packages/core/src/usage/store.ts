import { type Db, organizations, type Plan, usageDaily } from '@dossier/db';
import { and, asc, eq, gte, lte } from 'drizzle-orm';

/** The organization's plan, or undefined when the organization is not stored. */
export const orgPlan = async (db: Db, orgId: string): Promise<Plan | undefined> => {
  const [org] = await db
    .select({ plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org?.plan;
};

/** The organization's daily counts from `from` to `to` inclusive, by day, key and operation. */
export const usageDays = (db: Db, orgId: string, from: string, to: string) =>
  db
    .select()
    .from(usageDaily)
    .where(and(eq(usageDaily.orgId, orgId), gte(usageDaily.day, from), lte(usageDaily.day, to)))
    .orderBy(asc(usageDaily.day), asc(usageDaily.keyId), asc(usageDaily.operation));
