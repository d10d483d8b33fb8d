import { createHash, randomBytes } from 'node:crypto';
import { type Db, newId, passwordResets } from '@dossier/db';
import { and, eq, gt, isNull } from 'drizzle-orm';

/** A reset link works for one hour, once. */
export const resetTtlMs = 3_600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link a user follows; the token rides in the fragment, so no server or proxy logs it. */
export const resetLink = (origin: string, token: string) => `${origin}/reset-password#${token}`;

/** One-time password reset tokens: only their hash is stored, and using one spends every other. */
export function createPasswordResets(db: Db) {
  return {
    async create(userId: string, now = new Date()) {
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + resetTtlMs);
      await db
        .insert(passwordResets)
        .values({ id: newId('pwr'), userId, tokenHash: hashOf(token), expiresAt });
      return { token, expiresAt };
    },

    /** Spends a live token (atomically: two tabs cannot both use it); returns its user or null. */
    async consume(token: string, now = new Date()): Promise<string | null> {
      if (!token || token.length > 200) return null;
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, hashOf(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!row) return null;
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
      return row.userId;
    },
  };
}
