import { auditLog, type Db, users } from '@dossier/db';
import { and, desc, eq, gte, like, lt, lte, type SQL } from 'drizzle-orm';

/** Who did something, from where. */
export interface Actor {
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  id: number;
  action: string;
  actor_user_id: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  data: Record<string, unknown> | null;
  created_at: string;
}

export interface AuditFilter {
  /** Exact action (`key.revoked`) or a family ending in a dot (`key.`). */
  action?: string;
  actorUserId?: string;
  targetId?: string;
  since?: Date;
  until?: Date;
  /** Entries older than this id (paging backwards). */
  before?: number;
  limit?: number;
}

export function createAuditLog(db: Db) {
  return {
    async record(
      orgId: string,
      actor: Actor,
      action: string,
      target?: { type: string; id: string },
      data?: Record<string, unknown>,
    ) {
      await db.insert(auditLog).values({
        orgId,
        actorUserId: actor.userId,
        action,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 512) ?? null,
        data: data ?? null,
      });
    },

    /** Newest first, always within one organization. */
    async list(orgId: string, filter: AuditFilter = {}): Promise<AuditEntry[]> {
      const where: SQL[] = [eq(auditLog.orgId, orgId)];
      if (filter.action) {
        where.push(
          filter.action.endsWith('.')
            ? like(auditLog.action, `${filter.action.replace(/[%_\\]/g, '')}%`)
            : eq(auditLog.action, filter.action),
        );
      }
      if (filter.actorUserId) where.push(eq(auditLog.actorUserId, filter.actorUserId));
      if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
      if (filter.since) where.push(gte(auditLog.createdAt, filter.since));
      if (filter.until) where.push(lte(auditLog.createdAt, filter.until));
      if (filter.before) where.push(lt(auditLog.id, filter.before));
      const rows = await db
        .select({ entry: auditLog, email: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(Math.min(Math.max(filter.limit ?? 50, 1), 200));
      return rows.map(({ entry, email }) => ({
        id: entry.id,
        action: entry.action,
        actor_user_id: entry.actorUserId,
        actor_email: email,
        target_type: entry.targetType,
        target_id: entry.targetId,
        ip: entry.ip,
        user_agent: entry.userAgent,
        data: entry.data,
        created_at: entry.createdAt.toISOString(),
      }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
