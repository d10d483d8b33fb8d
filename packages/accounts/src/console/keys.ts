import type { NewKeyInput } from '@dossier/access';
import { validate } from '@dossier/core';
import { primaryKeyInput, renameInput, rollInput, scopedKeyInput } from '../inputs.js';
import { actorOf, type ConsoleServices, type RequestContext } from './context.js';
import { projectOf } from './projects.js';

/**
 * API keys of an organization, through the access layer's key store (so changes reach its cache);
 * every change is audited, and reveal, roll and revoke need a recent password confirmation.
 */
export function keyActions({ db, access, audit, guard }: ConsoleServices) {
  /** A key in a project of the organization, made by the signed-in user and audited with `details`. */
  async function createKey(
    ctx: RequestContext,
    orgId: string,
    spec: Omit<NewKeyInput, 'orgId' | 'createdBy' | 'operator'>,
    details: Record<string, unknown>,
  ) {
    await projectOf(db, orgId, spec.projectId);
    const created = await access.keys.create({ orgId, ...spec, createdBy: ctx.session.userId });
    await audit.record(
      orgId,
      actorOf(ctx),
      'key.created',
      { type: 'key', id: created.summary.id },
      { kind: spec.kind, name: created.summary.name, project_id: spec.projectId, ...details },
    );
    return created;
  }

  return {
    async listKeys(ctx: RequestContext, orgId: string, projectId?: string) {
      await guard.membership(ctx, orgId, 'read');
      if (projectId) await projectOf(db, orgId, projectId);
      return access.keys.list(orgId, projectId);
    },

    async createPrimaryKey(ctx: RequestContext, orgId: string, raw: unknown) {
      await guard.membership(ctx, orgId, 'keys');
      const input = validate(primaryKeyInput, raw);
      return createKey(ctx, orgId, { projectId: input.project_id, kind: 'primary', name: input.name }, {});
    },

    async createScopedKey(ctx: RequestContext, orgId: string, raw: unknown) {
      await guard.membership(ctx, orgId, 'keys');
      const input = validate(scopedKeyInput, raw);
      return createKey(
        ctx,
        orgId,
        {
          projectId: input.project_id,
          kind: 'scoped',
          name: input.name,
          scopes: input.scopes,
          origins: input.origins,
          expiresAt: new Date(input.expires_at),
          rateLimit: input.rate_limit ?? null,
        },
        { scopes: input.scopes, expires_at: input.expires_at },
      );
    },

    async renameKey(ctx: RequestContext, orgId: string, keyId: string, raw: unknown) {
      await guard.membership(ctx, orgId, 'keys');
      const input = validate(renameInput, raw);
      const before = await access.keys.get(orgId, keyId);
      await access.keys.rename(orgId, keyId, input.name);
      await audit.record(
        orgId,
        actorOf(ctx),
        'key.renamed',
        { type: 'key', id: keyId },
        {
          from: before.name,
          to: input.name,
        },
      );
      return access.keys.get(orgId, keyId);
    },

    async revealKey(ctx: RequestContext, orgId: string, keyId: string) {
      await guard.membership(ctx, orgId, 'keys');
      guard.requireReauth(ctx);
      const key = await access.keys.reveal(orgId, keyId);
      await audit.record(orgId, actorOf(ctx), 'key.revealed', { type: 'key', id: keyId });
      return { id: keyId, key };
    },

    async rollKey(ctx: RequestContext, orgId: string, keyId: string, raw: unknown) {
      await guard.membership(ctx, orgId, 'keys');
      guard.requireReauth(ctx);
      const input = validate(rollInput, raw);
      const rolled = await access.keys.roll(orgId, keyId, input.grace);
      await audit.record(
        orgId,
        actorOf(ctx),
        'key.rolled',
        { type: 'key', id: keyId },
        {
          grace: input.grace,
          new_key_id: rolled.summary.id,
          old_works_until: rolled.old.works_until,
        },
      );
      return rolled;
    },

    async revokeKey(ctx: RequestContext, orgId: string, keyId: string) {
      await guard.membership(ctx, orgId, 'keys');
      guard.requireReauth(ctx);
      await access.keys.get(orgId, keyId);
      await access.keys.revoke(orgId, keyId);
      await audit.record(orgId, actorOf(ctx), 'key.revoked', { type: 'key', id: keyId });
      return access.keys.get(orgId, keyId);
    },
  };
}
