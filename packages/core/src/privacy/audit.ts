import type { Db } from '@dossier/db';
import { insertAuditEntry } from './store.js';

/** Who acts: an organization member or key through a door, or the operator through the CLI. */
export interface PrivacyActor {
  orgId: string;
  keyId?: string;
  userId?: string;
}

/** Records a privacy action by its opaque request reference only: the person's data is never written here. */
export async function auditPrivacy(
  db: Db,
  actor: PrivacyActor,
  action: 'privacy.access' | 'privacy.erase' | 'privacy.suppress' | 'privacy.retention',
  requestRef: string,
  data: Record<string, unknown>,
): Promise<void> {
  await insertAuditEntry(db, {
    orgId: actor.orgId,
    actorKeyId: actor.keyId ?? null,
    actorUserId: actor.userId ?? null,
    action,
    targetType: 'privacy_request',
    targetId: requestRef,
    data,
  });
}
