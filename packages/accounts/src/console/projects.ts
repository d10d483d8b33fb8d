import { DossierError, validate } from '@dossier/core';
import { type Db, newId, projects } from '@dossier/db';
import { and, asc, eq } from 'drizzle-orm';
import { projectInput } from '../inputs.js';
import { actorOf, type ConsoleServices, type RequestContext } from './context.js';

/** The project of an organization, or a 404 naming `project_id`: ids of other tenants reveal nothing. */
export async function projectOf(db: Db, orgId: string, projectId: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)));
  if (!row) {
    throw new DossierError('not_found', `project ${projectId} not found`, {
      issues: [{ path: 'project_id', message: 'no such project in this organization' }],
    });
  }
  return row;
}

export function projectActions({ db, audit, guard }: ConsoleServices) {
  return {
    async listProjects(ctx: RequestContext, orgId: string) {
      await guard.membership(ctx, orgId, 'read');
      const rows = await db
        .select()
        .from(projects)
        .where(eq(projects.orgId, orgId))
        .orderBy(asc(projects.createdAt));
      return rows.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt.toISOString() }));
    },

    async createProject(ctx: RequestContext, orgId: string, raw: unknown) {
      await guard.membership(ctx, orgId, 'keys');
      const input = validate(projectInput, raw);
      const [row] = await db
        .insert(projects)
        .values({ id: newId('prj'), orgId, name: input.name })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new DossierError('conflict', `A project named ${input.name} already exists.`, {
          issues: [{ path: 'name', message: 'already used in this organization' }],
        });
      }
      await audit.record(
        orgId,
        actorOf(ctx),
        'project.created',
        { type: 'project', id: row.id },
        {
          name: row.name,
        },
      );
      return { id: row.id, name: row.name, created_at: row.createdAt.toISOString() };
    },
  };
}
