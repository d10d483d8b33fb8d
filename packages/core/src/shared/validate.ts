import type { z } from 'zod';
import { type FieldIssue, invalid } from '../errors.js';
import { rawInputIssues } from './raw-input.js';

/** Zod issues as field issues, one per failing field, unknown keys named one by one. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      // A schema's own message (one that says what the object takes) is kept; zod's default is not.
      const message = issue.message.startsWith('Unrecognized key') ? 'unknown field' : issue.message;
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message }));
    }
    return [{ path, message: issue.message }];
  });
}

/**
 * Parses or throws `invalid_request` naming every failing field. Text no database column can hold
 * (NUL, lone surrogates) and absurd nesting are refused first, for every operation and door alike.
 */
export function validate<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const rawIssues = rawInputIssues(raw);
  if (rawIssues.length > 0) throw invalid(rawIssues);
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw invalid(fieldIssues(result.error));
}
