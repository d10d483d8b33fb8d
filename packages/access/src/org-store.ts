import { DossierError } from '@dossier/core';
import { type Db, newId, organizations, type Plan, projects } from '@dossier/db';
import { and, asc, eq, sql } from 'drizzle-orm';

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

type Organization = typeof organizations.$inferSelect;

/** The error for a name several organizations share: every candidate, with what tells them apart. */
export function ambiguousOrganization(name: string, candidates: Organization[]): DossierError {
  const lines = candidates.map(
    (o) => `  ${o.id}  ${o.plan.padEnd(10)}  created ${o.createdAt.toISOString().slice(0, 10)}  ${o.name}`,
  );
  return new DossierError(
    'conflict',
    `${candidates.length} organizations are named "${name}"; give one by its id:\n${lines.join('\n')}`,
  );
}

/**
 * The organization an operator means: by id, else by exact name, else by name in any case. A
 * name two organizations share is an error listing them (names need not be unique: the console
 * lets anyone create "Acme"). Null when nothing matches.
 */
export async function resolveOrganization(db: Db, nameOrId: string): Promise<Organization | null> {
  const wanted = nameOrId.trim();
  if (!wanted) return null;
  const [byId] = await db.select().from(organizations).where(eq(organizations.id, wanted));
  if (byId) return byId;
  for (const where of [
    eq(organizations.name, wanted),
    sql`lower(${organizations.name}) = ${wanted.toLowerCase()}`,
  ]) {
    const named = await db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.createdAt))
      .limit(20);
    if (named.length > 1) throw ambiguousOrganization(wanted, named);
    if (named[0]) return named[0];
  }
  return null;
}

/** Every organization, oldest first, for `dossier orgs list`. */
export const listOrganizations = (db: Db) =>
  db.select().from(organizations).orderBy(asc(organizations.createdAt));

/**
 * A new organization under this name. The slug is the name's, with a short suffix when another
 * organization has it already (names may repeat; slugs may not).
 */
export async function createOrganization(db: Db, name: string, plan: Plan): Promise<Organization> {
  const id = newId('org');
  const base = slugify(name);
  for (const slug of [base, `${base}-${id.slice(-6).toLowerCase()}`]) {
    const [created] = await db
      .insert(organizations)
      .values({ id, name, slug, plan })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error(`organization ${name} could not be created`);
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
