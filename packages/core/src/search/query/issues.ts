import type { z } from 'zod';
import { type FieldIssue, invalid } from '../../errors.js';
import {
  companySearchRequest,
  peopleSearchRequest,
  type SearchEntity,
  type SearchRequest,
  searchRequest,
} from './schema.js';

/** Zod issues as field issues, one per failing field: unknown keys are named one by one. */
export const fieldIssues = (error: z.ZodError): FieldIssue[] => {
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...base, key].join('.'), message: 'unknown field' });
    } else {
      out.push({ path: base.join('.'), message: issue.message });
    }
  }
  return out;
};

/**
 * Validates a search body. With `entity` (from the endpoint path) the body must not carry
 * `entity` itself; without it, `entity` in the body picks companies (default) or people.
 * Throws `invalid_request` naming every failing field.
 */
export const parseSearchRequest = (input: unknown, entity?: SearchEntity): SearchRequest => {
  if (entity === 'companies') {
    const r = companySearchRequest.safeParse(input);
    if (!r.success) throw invalid(fieldIssues(r.error));
    return { entity, ...r.data, filters: r.data.filters ?? {} };
  }
  if (entity === 'people') {
    const r = peopleSearchRequest.safeParse(input);
    if (!r.success) throw invalid(fieldIssues(r.error));
    return { entity, ...r.data, filters: r.data.filters ?? {} };
  }
  const r = searchRequest.safeParse(input);
  if (!r.success) throw invalid(fieldIssues(r.error));
  // The refinement has checked that every filter key belongs to the entity.
  return { ...r.data, filters: r.data.filters ?? {} } as SearchRequest;
};
