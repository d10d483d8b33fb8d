import type { z } from 'zod';
import { type FieldIssue, invalid } from '../errors.js';

/** Zod issues as field issues, one per failing field, unknown keys named one by one. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: 'unknown field' }));
    }
    return [{ path, message: issue.message }];
  });
}

/** Parses or throws `invalid_request` naming every failing field. */
export function validate<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw invalid(fieldIssues(result.error));
}
