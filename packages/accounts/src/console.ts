import type { Access } from '@dossier/access';
import { type Logger, silentLogger } from '@dossier/core';
import type { Database, Plan } from '@dossier/db';
import type { Redis } from 'ioredis';
import { createAuditLog } from './audit.js';
import { type ConsoleServices, createGuard } from './console/context.js';
import { keyActions } from './console/keys.js';
import { memberActions } from './console/members.js';
import { organizationActions } from './console/organizations.js';
import { passwordActions } from './console/password-change.js';
import { projectActions } from './console/projects.js';
import { signInActions } from './console/sign-in.js';
import { usageActions } from './console/usage.js';
import type { Mailer } from './mail/mailer.js';
import { createMemberStore } from './members.js';
import { changePlan } from './plan-change.js';
import { createSessionStore, defaultSessionPolicy, type SessionPolicy } from './sessions.js';
import { createSignInLimiter, defaultSignInLimits, type SignInLimits } from './signin-limit.js';

export type { RequestContext } from './console/context.js';
export { emailOffReason } from './console/invitation-email.js';

export interface ConsoleConfig {
  database: Database;
  /** The access layer, so key changes reach its key cache and other instances. */
  access: Access;
  redis?: Redis;
  redisPrefix?: string;
  sessions?: Partial<SessionPolicy>;
  signInLimits?: Partial<SignInLimits>;
  /** Sends invitation emails; without one, email is off and invitations are links to copy. */
  mailer?: Mailer;
  /** Longest wait for one invitation email; the invitation exists whatever happens to it. */
  mailTimeoutMs?: number;
  /** Origin for links in emails (the public address behind a proxy); else the request's origin. */
  publicUrl?: string;
  log?: Logger;
}

/**
 * The console's domain: accounts, sessions, organizations, members, projects, keys, usage and
 * audit, composed from one module per concern under console/. Every organization-scoped call
 * checks membership first (createGuard in console/context.ts).
 */
export function createConsole(config: ConsoleConfig) {
  const { db } = config.database;
  const sessions = createSessionStore(db, { ...defaultSessionPolicy, ...config.sessions });
  const members = createMemberStore(db);
  const deps: ConsoleServices = {
    db,
    access: config.access,
    sessions,
    members,
    audit: createAuditLog(db),
    guard: createGuard(members, sessions),
    log: config.log ?? silentLogger,
  };
  const limiter = createSignInLimiter(
    { ...defaultSignInLimits, ...config.signInLimits },
    config.redis,
    config.redisPrefix,
  );
  // Reset emails per address asked for: a few per window, so nobody can flood one inbox.
  const resetLimiter = createSignInLimiter(
    { perAccount: 3, perAddress: 20, windowSeconds: 900 },
    config.redis,
    `${config.redisPrefix ?? 'dossier'}:reset`,
  );
  const mail = {
    mailer: config.mailer,
    mailTimeoutMs: config.mailTimeoutMs ?? 15_000,
    publicUrl: config.publicUrl,
  };

  return {
    sessions,
    ...signInActions(deps, limiter),
    ...passwordActions(deps, { ...mail, limiter, resetLimiter }),
    ...organizationActions(deps, { emailEnabled: Boolean(config.mailer) }),
    ...projectActions(deps),
    ...keyActions(deps),
    ...memberActions(deps, mail),
    ...usageActions(deps),

    /** Operator action (CLI): the plan decides seats and the rate limit. */
    setPlan: (org: string, plan: Plan) => changePlan(db, org, plan),
  };
}

export type Console = ReturnType<typeof createConsole>;
