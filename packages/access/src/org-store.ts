import { type Db, newId, organizations, type Plan, projects } from '@dossier/db';
import { and, eq } from 'drizzle-orm';

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48) || 'org';

/** The organization with this name (or slug), or null. */
export async function findOrganization(db: Db, name: string) {
  const [found] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.slug, slugify(name)))
    .limit(1);
  return found ?? null;
}

/** True before the first organization exists: the first start of a fresh install. */
export async function isFreshInstall(db: Db): Promise<boolean> {
  const [one] = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return !one;
}

/** Finds the organization by slug or name, or creates it on the given plan. */
export async function ensureOrganization(db: Db, name: string, plan: Plan) {
  const slug = slugify(name);
  const [existing] = await db.select().from(organizations).where(eq(organizations.slug, slug)).limit(1);
  if (existing) return existing;
  const [created] = await db
    .insert(organizations)
    .values({ id: newId('org'), name, slug, plan })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [raced] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!raced) throw new Error(`organization ${slug} could not be created`);
  return raced;
}

export async function ensureProject(
  db: Db,
  orgId: string,
  name = 'Default',
): Promise<typeof projects.$inferSelect> {
  const [existing] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.name, name)))
    .limit(1);
  if (existing) return existing;
  const [created] = await db
    .insert(projects)
    .values({ id: newId('prj'), orgId, name })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [raced] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.name, name)));
  if (!raced) throw new Error(`project ${name} could not be created`);
  return raced;
}

export async function setPlan(db: Db, orgId: string, plan: Plan) {
  await db.update(organizations).set({ plan }).where(eq(organizations.id, orgId));
}
