import { isIP } from 'node:net';
import { type Database, newId } from '@dossier/db';
import { DossierError, invalid } from '../errors.js';
import { blockedReason, inAnyRange } from '../net/index.js';
import { newSecret } from './signing.js';
import {
  changeSubscription,
  insertSubscription,
  type Owner,
  removeSubscription,
  type Subscription,
  selectSubscription,
  selectSubscriptions,
} from './store.js';

export type { Subscription };

export interface SubscriptionFields {
  url: string;
  eventTypes: string[];
  description?: string | null;
  filterCompanies?: string[] | null;
  filterTopics?: string[] | null;
  minScore?: number | null;
  enabled?: boolean;
}

/**
 * Refuses URLs that can never be delivered to: not http(s), credentials in them, or a loopback or
 * private host written literally. Names are resolved and checked again at every delivery
 * (`safeFetch` in deliver.ts), so a name pointing inward later is still refused then.
 */
export const checkUrl = (raw: string, allowPrivate: readonly string[] = []): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid([{ path: 'url', message: 'not a URL' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid([{ path: 'url', message: 'only http and https URLs can receive webhooks' }]);
  if (url.username || url.password)
    throw invalid([{ path: 'url', message: 'credentials in the URL are not allowed; use the signature' }]);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host)
    ? host
    : host === 'localhost' || host.endsWith('.localhost')
      ? '127.0.0.1'
      : null;
  if (literal && !(allowPrivate.length && inAnyRange(literal, allowPrivate))) {
    const reason = blockedReason(literal);
    if (reason) throw invalid([{ path: 'url', message: `${host} is not a public address (${reason})` }]);
  }
  return url.href;
};

export const createSubscription = async (
  database: Database,
  owner: Owner,
  fields: SubscriptionFields,
): Promise<Subscription> => {
  const row = await insertSubscription(database, {
    id: newId('whs'),
    orgId: owner.orgId,
    projectId: owner.projectId,
    url: fields.url,
    description: fields.description ?? null,
    eventTypes: fields.eventTypes,
    filterCompanies: fields.filterCompanies ?? null,
    filterTopics: fields.filterTopics ?? null,
    minScore: fields.minScore ?? null,
    enabled: fields.enabled ?? true,
    secret: newSecret(),
  });
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
};

export const listSubscriptions = (database: Database, owner: Owner) => selectSubscriptions(database, owner);

export const getSubscription = async (
  database: Database,
  owner: Owner,
  id: string,
): Promise<Subscription> => {
  const row = await selectSubscription(database, owner, id);
  if (!row) throw new DossierError('not_found', `no webhook subscription ${id} in this project`);
  return row;
};

export const updateSubscription = async (
  database: Database,
  owner: Owner,
  id: string,
  fields: Partial<SubscriptionFields>,
  now: Date,
): Promise<Subscription> => {
  const set: Parameters<typeof changeSubscription>[3] = { updatedAt: now };
  if (fields.url !== undefined) set.url = fields.url;
  if (fields.eventTypes !== undefined) set.eventTypes = fields.eventTypes;
  if (fields.description !== undefined) set.description = fields.description;
  if (fields.filterCompanies !== undefined) set.filterCompanies = fields.filterCompanies;
  if (fields.filterTopics !== undefined) set.filterTopics = fields.filterTopics;
  if (fields.minScore !== undefined) set.minScore = fields.minScore;
  if (fields.enabled !== undefined) {
    set.enabled = fields.enabled;
    // Turning it back on clears why it was off (a 410, or the owner).
    if (fields.enabled) set.disabledReason = null;
    else set.disabledReason = 'disabled by its owner';
  }
  const row = await changeSubscription(database, owner, id, set);
  if (!row) throw new DossierError('not_found', `no webhook subscription ${id} in this project`);
  return row;
};

export const deleteSubscription = async (database: Database, owner: Owner, id: string): Promise<void> => {
  if (!(await removeSubscription(database, owner, id)))
    throw new DossierError('not_found', `no webhook subscription ${id} in this project`);
};

/**
 * A new secret signs from now on; the old one keeps signing beside it for `graceSeconds` (0: at
 * once retired), so receivers can switch without losing a delivery.
 */
export const rotateSecret = async (
  database: Database,
  owner: Owner,
  id: string,
  graceSeconds: number,
  now: Date,
): Promise<Subscription> => {
  const current = await getSubscription(database, owner, id);
  const row = await changeSubscription(
    database,
    owner,
    id,
    {
      secret: newSecret(),
      previousSecret: graceSeconds > 0 ? current.secret : null,
      previousSecretUntil: graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null,
      updatedAt: now,
    },
    current.secret,
  );
  if (!row) throw new DossierError('conflict', 'the secret was rotated at the same moment; try again');
  return row;
};

/** The secrets that sign right now: the current one, and the previous one during its grace. */
export const liveSecrets = (
  sub: Pick<Subscription, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  now: Date,
): string[] =>
  sub.previousSecret && sub.previousSecretUntil && sub.previousSecretUntil > now
    ? [sub.secret, sub.previousSecret]
    : [sub.secret];
