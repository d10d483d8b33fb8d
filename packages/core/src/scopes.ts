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
] as const;
export type Scope = (typeof scopes)[number];

/** Scopes a primary key gets. `ingest` is for operators and must be asked for explicitly. */
export const primaryScopes: readonly Scope[] = scopes.filter((s) => s !== 'ingest');

export const isScope = (value: string): value is Scope => (scopes as readonly string[]).includes(value);
