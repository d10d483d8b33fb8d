import type { Db, Plan } from '@dossier/db';
import type { NewKeyInput } from './key-store.js';
import { ensureOrganization, ensureProject, setPlan } from './org-store.js';

interface KeyCreator {
  create(input: NewKeyInput): Promise<{ key: string; summary: { id: string } }>;
}

export interface ProvisionInput {
  org: string;
  plan: Plan;
  project?: string;
  /** Extra key settings; the default is a primary key. */
  key?: Partial<Omit<NewKeyInput, 'orgId' | 'projectId'>>;
}

/**
 * The operator's path to a working key: the organization (created if missing, plan set),
 * its project, and a new key. Used by `dossier keys create`, first start and tests.
 */
export async function provisionKey(db: Db, keys: KeyCreator, input: ProvisionInput) {
  const org = await ensureOrganization(db, input.org, input.plan);
  if (org.plan !== input.plan) await setPlan(db, org.id, input.plan);
  const project = await ensureProject(db, org.id, input.project ?? 'Default');
  // An operator's command: it may grant `ingest`, which the console never can.
  const created = await keys.create({
    kind: 'primary',
    ...input.key,
    operator: true,
    orgId: org.id,
    projectId: project.id,
  });
  return {
    key: created.key,
    keyId: created.summary.id,
    orgId: org.id,
    projectId: project.id,
    plan: input.plan,
  };
}
