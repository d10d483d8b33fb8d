import { type Db, entityRedirects } from '@dossier/db';
import { eq } from 'drizzle-orm';

/** A merged id resolves to its survivor; chains of merges are followed (a few hops at most). */
export async function resolveEntityId(
  db: Db,
  id: string,
): Promise<{ id: string; mergedFrom: string | null }> {
  let current = id;
  for (let hop = 0; hop < 8; hop++) {
    const [row] = await db
      .select({ toId: entityRedirects.toId })
      .from(entityRedirects)
      .where(eq(entityRedirects.fromId, current))
      .limit(1);
    if (!row || row.toId === current) break;
    current = row.toId;
  }
  return { id: current, mergedFrom: current === id ? null : id };
}
