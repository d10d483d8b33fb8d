import { peekRate, planRateLimits } from '@dossier/access';
import { DossierError, validate } from '@dossier/core';
import { organizations, type Plan } from '@dossier/db';
import { eq } from 'drizzle-orm';
import type { AuditFilter } from '../audit.js';
import { auditQuery, requestLogQuery, usageQuery } from '../inputs.js';
import { requestLogPage, type UsageQuery, usageCsv, usageReport, usageWindow } from '../usage-report.js';
import type { ConsoleServices, RequestContext } from './context.js';

/** Validated filters; a window that ends before it starts or spans over a year is a 422. */
function usageFilter(raw: unknown): UsageQuery {
  const q = validate(usageQuery, raw);
  const query: UsageQuery = { from: q.from, to: q.to, keyId: q.key_id, operation: q.operation };
  if (!usageWindow(query).valid) {
    throw new DossierError('invalid_request', 'from: must be on or before to, at most 366 days earlier', {
      issues: [{ path: 'from', message: 'must be on or before to, at most 366 days earlier' }],
    });
  }
  return query;
}

/** What an organization did: usage per day, the request log and the audit log. */
export function usageActions({ db, access, audit, guard }: ConsoleServices) {
  return {
    /**
     * Daily counts over a window (the last 30 days unless `from`/`to` say otherwise), filtered by
     * key and operation, plus the current minute against the plan limit.
     */
    async usage(ctx: RequestContext, orgId: string, rawQuery: unknown = {}) {
      await guard.membership(ctx, orgId, 'read');
      const query = usageFilter(rawQuery);
      await access.meter.flush();
      const [org] = await db
        .select({ plan: organizations.plan })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      const plan: Plan = org?.plan ?? 'free';
      const limit = planRateLimits[plan];
      const report = await usageReport(db, orgId, query);
      return {
        ...report,
        current_minute: { used: await peekRate(`org:${orgId}`, limit), limit, plan },
      };
    },

    /** The same report as CSV (one line per day, key and operation), for spreadsheets. */
    async usageCsv(ctx: RequestContext, orgId: string, rawQuery: unknown = {}) {
      await guard.membership(ctx, orgId, 'read');
      const query = usageFilter(rawQuery);
      await access.meter.flush();
      const report = await usageReport(db, orgId, query);
      return { filename: `usage-${report.from}-to-${report.to}.csv`, csv: usageCsv(report) };
    },

    /** Recent requests, newest first: time, key id, operation, status and latency. */
    async requestLog(ctx: RequestContext, orgId: string, rawQuery: unknown = {}) {
      await guard.membership(ctx, orgId, 'read');
      const q = validate(requestLogQuery, rawQuery);
      const query = usageFilter(q);
      await access.requests.flush();
      const entries = await requestLogPage(db, orgId, {
        ...query,
        status: q.status,
        before: q.before,
        limit: q.limit,
      });
      return { retention_days: access.requests.retentionDays, entries };
    },

    async auditLog(ctx: RequestContext, orgId: string, rawQuery: unknown) {
      await guard.membership(ctx, orgId, 'audit');
      const q = validate(auditQuery, rawQuery);
      const filter: AuditFilter = {
        action: q.action,
        actorUserId: q.actor,
        targetId: q.target,
        since: q.since ? new Date(q.since) : undefined,
        until: q.until ? new Date(q.until) : undefined,
        before: q.before,
        limit: q.limit,
      };
      return audit.list(orgId, filter);
    },
  };
}
