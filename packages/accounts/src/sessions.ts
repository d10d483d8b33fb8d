import { createHash, randomBytes } from 'node:crypto';
import { type Db, sessions, users } from '@dossier/db';
import { and, eq, ne } from 'drizzle-orm';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
  /** How long a password re-entry unlocks sensitive actions. */
  reauthMs: number;
}

export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
  reauthMs: 10 * 60_000,
};

/** A signed-in session as the console sees it. */
export interface SessionInfo {
  id: string;
  userId: string;
  email: string;
  name: string | null;
  createdAt: Date;
  expiresAt: Date;
  reauthAt: Date | null;
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Only the hash is stored: a database leak does not hand out live sessions. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Touching the row on every request would write per click; a tenth of the idle timeout is enough. */
const touchEvery = (policy: SessionPolicy) => Math.min(60_000, policy.idleMs / 10);

export function createSessionStore(db: Db, policy: SessionPolicy) {
  return {
    policy,

    /** A fresh session (a new id at every sign-in); returns the cookie token. */
    async create(userId: string, meta: ClientMeta, now = new Date()) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + policy.absoluteMs);
      await db.insert(sessions).values({
        id: sessionIdOf(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      return { token, expiresAt };
    },

    /** The live session for a cookie token, or null (expired, idle too long, signed out). */
    async resolve(token: string | undefined, now = new Date()): Promise<SessionInfo | null> {
      if (!token || token.length > 200) return null;
      const id = sessionIdOf(token);
      const [row] = await db
        .select({ session: sessions, email: users.email, name: users.name })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      if (!row) return null;
      const { session } = row;
      if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() > policy.idleMs) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() > touchEvery(policy)) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
      }
      return {
        id,
        userId: session.userId,
        email: row.email,
        name: row.name,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        reauthAt: session.reauthAt,
      };
    },

    async markReauth(id: string, now = new Date()) {
      await db.update(sessions).set({ reauthAt: now }).where(eq(sessions.id, id));
      return new Date(now.getTime() + policy.reauthMs);
    },

    reauthValid: (session: SessionInfo, now = new Date()) =>
      session.reauthAt != null && now.getTime() - session.reauthAt.getTime() < policy.reauthMs,

    /** Ends the session behind a cookie token, if any (the browser's previous session at sign-in). */
    async endToken(token: string | undefined) {
      if (token && token.length <= 200) await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
    },

    async end(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Signs the user out on every device; `keep` spares the current session. */
    async endAll(userId: string, keep?: string) {
      await db
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
