import { DossierError, isScope, primaryScopes, type Scope } from '@dossier/core';
import { apiKeys, type Db, newId, organizations, type Plan } from '@dossier/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { displayParts, generateKey, hashKey } from './key-format.js';
import { open, seal } from './secret-box.js';

/** A stored key as the access layer needs it for every request. */
export interface KeyRecord {
  id: string;
  orgId: string;
  projectId: string;
  plan: Plan;
  kind: 'primary' | 'scoped';
  scopes: Scope[];
  origins: string[];
  rateLimit: number | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What the listing shows: never the key, only its display parts. */
export interface KeySummary {
  id: string;
  project_id: string;
  kind: 'primary' | 'scoped';
  name: string;
  display: string;
  scopes: string[];
  origins: string[];
  rate_limit: number | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  rolled_to: string | null;
  revealable: boolean;
}

export interface KeySecrets {
  /** HMAC secret for lookup hashes. */
  hashSecret: string;
  /** Key-encryption key for reveal; reveal is off without it. */
  kek?: Buffer;
}

export interface NewKeyInput {
  orgId: string;
  projectId: string;
  kind: 'primary' | 'scoped';
  name?: string;
  scopes?: string[];
  origins?: string[];
  expiresAt?: Date | null;
  rateLimit?: number | null;
  createdBy?: string;
  /**
   * Set only by operator commands (`dossier keys`): the `ingest` scope writes the data every
   * tenant reads, so the console and key minting by users can never grant it.
   */
  operator?: boolean;
}

export const graceOptions = { none: 0, '1h': 3600, '24h': 86_400, '7d': 604_800 } as const;
export type Grace = keyof typeof graceOptions;

const originPattern = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

const ingestRefused = 'the ingest scope is granted only by an operator (`dossier keys create --ingest`)';
const privacyRefused =
  'the privacy scope is granted only by an operator, on a primary key (`dossier keys create --privacy`)';

function checkScoped(input: NewKeyInput, now: Date): Scope[] {
  const ingestAt = input.scopes?.indexOf('ingest') ?? -1;
  if (ingestAt >= 0 && !input.operator) {
    throw new DossierError('invalid_request', `Invalid key: ${ingestRefused}.`, {
      issues: [{ path: `scopes.${ingestAt}`, message: ingestRefused }],
    });
  }
  // Reading and erasing anyone's data: never on a scoped key, whoever asks.
  const privacyAt = input.scopes?.indexOf('privacy') ?? -1;
  if (privacyAt >= 0 && (!input.operator || input.kind !== 'primary')) {
    throw new DossierError('invalid_request', `Invalid key: ${privacyRefused}.`, {
      issues: [{ path: `scopes.${privacyAt}`, message: privacyRefused }],
    });
  }
  if (input.kind === 'primary')
    return [
      ...primaryScopes,
      ...(ingestAt >= 0 ? ['ingest' as const] : []),
      ...(privacyAt >= 0 ? ['privacy' as const] : []),
    ];
  const issues: { path: string; message: string }[] = [];
  const scopes = input.scopes ?? [];
  if (scopes.length === 0) issues.push({ path: 'scopes', message: 'a scoped key needs at least one scope' });
  for (const [i, scope] of scopes.entries()) {
    if (!isScope(scope))
      issues.push({ path: `scopes.${i}`, message: `unknown scope ${JSON.stringify(scope)}` });
  }
  for (const [i, origin] of (input.origins ?? []).entries()) {
    if (!originPattern.test(origin))
      issues.push({ path: `origins.${i}`, message: 'must be an origin such as https://app.example' });
  }
  if (!input.expiresAt) issues.push({ path: 'expires_at', message: 'a scoped key needs an expiry' });
  else if (input.expiresAt <= now) issues.push({ path: 'expires_at', message: 'must be in the future' });
  if (input.rateLimit != null && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) {
    issues.push({ path: 'rate_limit', message: 'must be a whole number of requests per minute, at least 1' });
  }
  if (issues.length) {
    throw new DossierError('invalid_request', issues.map((i) => `${i.path}: ${i.message}`).join('; '), {
      issues,
    });
  }
  return scopes as Scope[];
}

export function createKeyStore(db: Db, secrets: KeySecrets) {
  const toSummary = (row: typeof apiKeys.$inferSelect): KeySummary => ({
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    name: row.name,
    display: `${row.prefix}…${row.last4}`,
    scopes: row.scopes,
    origins: row.origins,
    rate_limit: row.rateLimit,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    rolled_to: row.rolledTo,
    revealable: row.encrypted != null && secrets.kek != null,
  });

  async function insertKey(input: NewKeyInput, now = new Date()) {
    const scopes = checkScoped(input, now);
    const key = generateKey();
    const id = newId('key');
    const { prefix, last4 } = displayParts(key);
    const [row] = await db
      .insert(apiKeys)
      .values({
        id,
        orgId: input.orgId,
        projectId: input.projectId,
        kind: input.kind,
        name: input.name ?? (input.kind === 'primary' ? 'Primary key' : 'Scoped key'),
        hash: hashKey(secrets.hashSecret, key),
        prefix,
        last4,
        scopes,
        origins: input.origins ?? [],
        rateLimit: input.rateLimit ?? null,
        expiresAt: input.expiresAt ?? null,
        encrypted: secrets.kek ? seal(secrets.kek, key, id) : null,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    if (!row) throw new Error('key insert returned nothing');
    return { key, summary: toSummary(row) };
  }

  async function getRow(orgId: string, keyId: string) {
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.orgId, orgId)))
      .limit(1);
    if (!row) throw new DossierError('not_found', `key ${keyId} not found`);
    return row;
  }

  return {
    /** Creates a key; the full key is returned here and nowhere else. */
    create: (input: NewKeyInput) => insertKey(input),

    async list(orgId: string, projectId?: string): Promise<KeySummary[]> {
      const where = projectId
        ? and(eq(apiKeys.orgId, orgId), eq(apiKeys.projectId, projectId))
        : eq(apiKeys.orgId, orgId);
      return (await db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt))).map(toSummary);
    },

    get: async (orgId: string, keyId: string) => toSummary(await getRow(orgId, keyId)),

    /** A new secret with the same configuration; the old key works until the grace period ends. */
    async roll(orgId: string, keyId: string, grace: Grace, now = new Date()) {
      const old = await getRow(orgId, keyId);
      if (old.revokedAt || old.rolledTo)
        throw new DossierError('conflict', `key ${keyId} was already rolled or revoked`);
      const created = await insertKey(
        {
          orgId,
          projectId: old.projectId,
          kind: old.kind,
          name: old.name,
          scopes: old.scopes,
          origins: old.origins,
          rateLimit: old.rateLimit,
          expiresAt: old.expiresAt,
        },
        new Date(0), // the old key's expiry was valid when it was made; keep it as it is
      );
      const graceEnd = new Date(now.getTime() + graceOptions[grace] * 1000);
      const expiresAt = old.expiresAt && old.expiresAt < graceEnd ? old.expiresAt : graceEnd;
      await db
        .update(apiKeys)
        .set(
          grace === 'none'
            ? { revokedAt: now, rolledTo: created.summary.id }
            : { expiresAt, rolledTo: created.summary.id },
        )
        .where(eq(apiKeys.id, keyId));
      return {
        ...created,
        old: {
          id: keyId,
          hash: old.hash,
          works_until: grace === 'none' ? now.toISOString() : expiresAt.toISOString(),
        },
      };
    },

    async revoke(orgId: string, keyId: string, now = new Date()) {
      const row = await getRow(orgId, keyId);
      if (!row.revokedAt) await db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId));
      return { id: keyId, hash: row.hash };
    },

    async rename(orgId: string, keyId: string, name: string) {
      await getRow(orgId, keyId);
      await db.update(apiKeys).set({ name }).where(eq(apiKeys.id, keyId));
    },

    /** The full key, decrypted; only after the caller re-authenticated (console) or as an operator. */
    async reveal(orgId: string, keyId: string): Promise<string> {
      if (!secrets.kek) {
        throw new DossierError(
          'unavailable',
          'Reveal is off: no key-encryption key is configured (DOSSIER_KEK).',
        );
      }
      const row = await getRow(orgId, keyId);
      if (!row.encrypted)
        throw new DossierError('conflict', 'This key was created while reveal was off; roll it instead.');
      return open(secrets.kek, row.encrypted, row.id);
    },

    /** Lookup by hash for request authentication; includes the organization's plan. */
    async findByHash(hash: string): Promise<(KeyRecord & { hash: string }) | null> {
      const [row] = await db
        .select({ key: apiKeys, plan: organizations.plan })
        .from(apiKeys)
        .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
        .where(eq(apiKeys.hash, hash))
        .limit(1);
      if (!row) return null;
      const { key } = row;
      return {
        id: key.id,
        hash: key.hash,
        orgId: key.orgId,
        projectId: key.projectId,
        plan: row.plan,
        kind: key.kind,
        scopes: key.scopes.filter(isScope),
        origins: key.origins,
        rateLimit: key.rateLimit,
        expiresAt: key.expiresAt,
        revokedAt: key.revokedAt,
      };
    },

    /** The organization a key belongs to, for operator commands that name only the key. */
    async orgOf(keyId: string): Promise<string> {
      const [row] = await db
        .select({ orgId: apiKeys.orgId })
        .from(apiKeys)
        .where(eq(apiKeys.id, keyId))
        .limit(1);
      if (!row) throw new DossierError('not_found', `key ${keyId} not found`);
      return row.orgId;
    },

    /** Active primary keys of a project (not revoked). */
    async activePrimary(projectId: string) {
      return db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.kind, 'primary'), isNull(apiKeys.revokedAt)));
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
