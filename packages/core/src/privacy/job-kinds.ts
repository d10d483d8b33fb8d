import { audienceItemSubjects } from '../audience/job-subjects.js';
import { verifyItemSubjects } from '../verify/job-subjects.js';

/**
 * The parts of a job item's input or result that may name a person (`jobInput`: the job's own input);
 * undefined: the kind cannot tell, and the whole value is indexed.
 */
type ItemSubjects = (value: unknown, jobInput: unknown) => unknown[] | undefined;

/**
 * Each job kind says what in its items names a person (keys: `AUDIENCE_JOB_KIND`, `VERIFY_JOB_KIND`).
 * Kinds not listed are indexed by every token that may name someone (job-subjects.ts `subjectTokens`).
 */
const declared = new Map<string, ItemSubjects>([
  ['audience', audienceItemSubjects],
  ['verify', verifyItemSubjects],
]);

/** The values of `value` (an item's input or result) that job-subjects.ts turns into subjects. */
export const namedIn = (kind: string, jobInput: unknown, value: unknown): unknown[] =>
  declared.get(kind)?.(value, jobInput) ?? [value];

export const declaresSubjects = (kind: string): boolean => declared.has(kind);
