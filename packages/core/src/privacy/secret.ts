import { createHmac } from 'node:crypto';

/**
 * The suppression list's HMAC key, derived from the instance secret (`DOSSIER_SECRET`, or the one
 * the embedded database keeps in its data folder). One process serves one instance, so it is set
 * once at start by `createAccess` (packages/access/src/access.ts) and read by every check.
 */
let suppressionKey: Buffer | undefined;

export function useInstanceSecret(secret: string): void {
  suppressionKey = createHmac('sha256', secret).update('dossier suppression list v1').digest();
}

export const hasInstanceSecret = (): boolean => suppressionKey !== undefined;

/** The keyed hash stored for one identifier (`email:a@b.example`, `phone:+4930...`, `linkedin:slug`). */
export function identifierHash(identifier: string): string {
  if (!suppressionKey) throw new Error('privacy: the instance secret is not set (useInstanceSecret)');
  return createHmac('sha256', suppressionKey).update(identifier).digest('base64url');
}
