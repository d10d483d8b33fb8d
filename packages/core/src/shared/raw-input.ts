import type { FieldIssue } from '../errors.js';
import { numberProblem } from './ranges.js';

/** Deepest nesting any operation input needs is far below this; deeper input is refused. */
export const MAX_INPUT_DEPTH = 32;

// A NUL, or a UTF-16 surrogate without its partner: text PostgreSQL refuses (`\u0000`) or cannot
// encode, so it is stopped at the edge instead of failing deep inside a query.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (loneSurrogate.test(value)) return 'is not valid Unicode text (a lone surrogate)';
  return null;
}

/**
 * Problems no schema can express, found in any raw input before it is parsed: strings (values and
 * keys) that no text column can hold, numbers no column can (`numberProblem` in ranges.ts), and
 * nesting deeper than `MAX_INPUT_DEPTH`. Walks without
 * recursion, so hostile depth cannot exhaust the stack. One issue per field, at most 20.
 */
export function rawInputIssues(raw: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: raw, path: [], depth: 0 }];
  while (stack.length > 0 && issues.length < 20) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) issues.push({ path: path.join('.'), message: problem });
      continue;
    }
    if (typeof value === 'number') {
      const problem = numberProblem(value);
      if (problem) issues.push({ path: path.join('.'), message: problem });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      issues.push({ path: path.join('.'), message: `nests deeper than ${MAX_INPUT_DEPTH} levels` });
      continue;
    }
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [key, child] of entries) {
      const keyProblem = Array.isArray(value) ? null : textProblem(key);
      if (keyProblem) {
        issues.push({ path: [...path, JSON.stringify(key)].join('.'), message: `field name ${keyProblem}` });
        continue;
      }
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return issues;
}
