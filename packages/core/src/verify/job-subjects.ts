import type { VerifyResult } from './types.js';

/**
 * What names a person in a verify item, for privacy indexing (privacy/job-kinds.ts): the address sent
 * (the input), and in a result the address as normalized, the suggested address, and the server's
 * reply (which may quote an address). Scores, flags and MX hosts name no one.
 */
export function verifyItemSubjects(value: unknown): unknown[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object') return [];
  const result = value as Partial<VerifyResult>;
  return [result.email, result.suggestion, result.smtp?.message].filter((v) => typeof v === 'string');
}
