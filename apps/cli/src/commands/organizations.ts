import { createOrganization, listOrganizations, resolveOrganization } from '@dossier/access';
import { type Database, DossierError, plans } from '@dossier/core';

type Db = Database['db'];
type Plan = (typeof plans)[number];

import { usageError } from './args.js';

export const planList = plans.join('|');

export function planOf(value: string | undefined, usage: string): Plan {
  if (!value || !(plans as readonly string[]).includes(value)) {
    throw usageError(`--plan must be one of ${plans.join(', ')}\n${usage}`);
  }
  return value as Plan;
}

const quote = (name: string) => (/^[\w.-]+$/.test(name) ? name : `"${name.replaceAll('"', '\\"')}"`);

/** Not found, with the command that would create it (never for an id: ids are not names). */
export function missingOrganization(nameOrId: string): DossierError {
  const hint = /^org_/.test(nameOrId)
    ? 'dossier orgs list shows every organization.'
    : `Create it with: dossier orgs create ${quote(nameOrId)} --plan free (dossier orgs list shows every organization).`;
  return new DossierError('not_found', `No organization "${nameOrId}". ${hint}`);
}

/** The organization named or numbered on the command line; an error when missing or ambiguous. */
export async function requireOrganization(db: Db, nameOrId: string) {
  const found = await resolveOrganization(db, nameOrId);
  if (!found) throw missingOrganization(nameOrId);
  return found;
}

/** `dossier orgs create NAME --plan P`: refuses a name an organization already has. */
export async function createNamed(db: Db, name: string, plan: Plan) {
  const trimmed = name.trim();
  if (!trimmed) throw usageError('the organization needs a name');
  if (/^org_/.test(trimmed)) throw usageError(`${trimmed} looks like an id; give the organization a name`);
  const existing = await resolveOrganization(db, trimmed);
  if (existing) {
    throw new DossierError(
      'conflict',
      `An organization named "${existing.name}" exists already (${existing.id}, ${existing.plan} plan); use it with --org ${existing.id}.`,
    );
  }
  return createOrganization(db, trimmed, plan);
}

export async function organizationRows(db: Db) {
  const rows = await listOrganizations(db);
  return rows.map((o) => ({
    id: o.id,
    name: o.name,
    plan: o.plan,
    created_at: o.createdAt.toISOString(),
  }));
}
