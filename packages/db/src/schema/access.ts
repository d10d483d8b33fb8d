import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

export const plans = ['free', 'starter', 'agency', 'enterprise'] as const;
export type Plan = (typeof plans)[number];
export const roles = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof roles)[number];

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  plan: text('plan').$type<Plan>().notNull().default('free'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_org_idx').on(t.orgId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself lives only in the cookie. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    reauthAt: ts('reauth_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('projects_org_name_key').on(t.orgId, t.name)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'primary' | 'scoped'>().notNull(),
    name: text('name').notNull(),
    /** HMAC-SHA-256 of the full key under the server secret, hex. */
    hash: text('hash').notNull().unique(),
    /** Display part: `dsr_live_` plus the first characters of the secret. */
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    scopes: text('scopes').array().notNull(),
    origins: text('origins').array().notNull().default(sql`'{}'::text[]`),
    /** Requests per minute for this key, on top of the plan limit. */
    rateLimit: integer('rate_limit'),
    /** The key encrypted (AES-256-GCM) for reveal; null when reveal is off. */
    encrypted: text('encrypted'),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    /** Set on the old key when it was rolled: the key that replaced it. */
    rolledTo: text('rolled_to'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('api_keys_project_idx').on(t.projectId), index('api_keys_org_idx').on(t.orgId)],
);

/** Usage per key, operation and day; written in batches by the metering flusher. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    operation: text('operation').notNull(),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    rateLimited: integer('rate_limited').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.operation, t.day] }),
    index('usage_daily_org_day_idx').on(t.orgId, t.day),
  ],
);

/**
 * The usage flushes already written (createUsageMeter in packages/access): a flush records its id in
 * the transaction that adds its counts, so a retry of a flush whose commit went through but whose
 * answer was lost adds nothing. Ids older than the meter's retention are deleted by the flushes.
 */
export const usageFlushes = pgTable(
  'usage_flushes',
  {
    id: text('id').primaryKey(),
    appliedAt: ts('applied_at').notNull().defaultNow(),
  },
  (t) => [index('usage_flushes_applied_at_idx').on(t.appliedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id'),
    actorKeyId: text('actor_key_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_org_time_idx').on(t.orgId, t.createdAt)],
);

/** One-time password reset links; only the token's hash is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * One row per API or MCP request (time, key, operation, status, latency), written in batches by
 * the request log writer and deleted after REQUEST_LOG_DAYS by its sweep. No request bodies.
 * Written for every request, so it carries no foreign key (the writer keeps rows of organizations
 * that no longer exist out itself, and the sweep removes what an organization leaves behind) and
 * its time index is a BRIN (rows arrive in time order; the sweep deletes by time). The key check,
 * with its lock on the organization row, and the B-tree were about 40 % of what each row cost
 * PostgreSQL: 2,000-row batches as the writer sends them, 10-13 -> 6-8 µs a row.
 */
export const requestLog = pgTable(
  'request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: text('org_id').notNull(),
    keyId: text('key_id').notNull(),
    operation: text('operation').notNull(),
    status: smallint('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('request_log_org_at_idx').on(t.orgId, t.at),
    index('request_log_at_brin').using('brin', t.at),
  ],
);
