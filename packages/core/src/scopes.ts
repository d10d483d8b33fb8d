/** Scopes a key can carry: one per operation group, plus `pii` (unmasked contact data). */
export const scopes = [
  'enrich',
  'search',
  'verify',
  'company',
  'person',
  'intent',
  'audience',
  'usage',
  'pii',
  'ingest',
  'webhooks',
  'privacy',
] as const;
export type Scope = (typeof scopes)[number];

/**
 * Operator scopes: `ingest` writes the data every tenant reads; `privacy` reads and erases anyone's
 * data. Only an operator command grants them, on a primary key, and a scoped key never gets `privacy`.
 */
export const operatorScopes: readonly Scope[] = ['ingest', 'privacy'];

/** Scopes a primary key gets. Operator scopes must be asked for explicitly. */
export const primaryScopes: readonly Scope[] = scopes.filter((s) => !operatorScopes.includes(s));

export const isScope = (value: string): value is Scope => (scopes as readonly string[]).includes(value);
