import { hash } from 'node:crypto';
import type { Db } from '@dossier/db';
import { type Identifier, identifierKind, identifierValue } from './identifiers.js';
import { jobItemSubjects, subjectHashes } from './job-subjects.js';
import { hasInstanceSecret } from './secret.js';
import {
  deleteJobItem,
  jobItemsHolding,
  jobKinds,
  jobRunsHolding,
  rewriteJobItem,
  rewriteJobRun,
} from './store-jobs.js';

/**
 * What a job may hold of a person: the person id, the identifiers, and the forms audience jobs hash
 * them into (SHA-256 hex and base64, SHA-1 hex; phones also without the plus, as some networks want).
 */
export function jobNeedles(personIds: string[], identifiers: Identifier[]): string[] {
  const out = new Set<string>(personIds);
  for (const identifier of identifiers) {
    const value = identifierValue(identifier);
    const forms = identifierKind(identifier) === 'phone' ? [value, value.replace(/^\+/, '')] : [value];
    for (const form of forms) {
      out.add(form);
      out.add(hash('sha256', form, 'hex'));
      out.add(hash('sha256', form, 'base64'));
      out.add(hash('sha1', form, 'hex'));
    }
  }
  return [...out].filter((n) => n.length >= 6);
}

/**
 * The keyed hashes under which job items holding `needles` are indexed. Without the instance secret
 * no item was indexed by this process (tests, tools): only the text scan of unindexed items applies.
 */
export const needleHashes = (needles: string[]): string[] =>
  hasInstanceSecret() ? subjectHashes(needles) : [];

/**
 * `text` holds a needle as written, or in lower case: addresses are stored normalized (lower case)
 * while a job keeps them as sent, and job-subjects.ts indexes both forms, so both are scrubbed.
 */
const holds = (text: string, needles: string[]) => {
  const lower = text.toLowerCase();
  return needles.some((n) => text.includes(n) || lower.includes(n));
};

/**
 * `value` without what names the person: a string holding a needle is dropped, and so is the object
 * that holds it (one contact's result, one address); arrays keep their other members (other people's
 * results stay). Undefined: nothing of the value is left.
 */
export function scrub(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string') return holds(value, needles) ? undefined : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, needles)).filter((v) => v !== undefined);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (holds(key, needles)) return undefined;
      const clean = scrub(child, needles);
      if (clean === undefined) {
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) continue;
        return undefined;
      }
      out[key] = clean;
    }
    return out;
  }
  return value;
}

/** Removes the person from every job: items naming them are rewritten without them, or deleted. */
export async function scrubJobs(db: Db, needles: string[]): Promise<{ items: number; jobs: number }> {
  if (needles.length === 0) return { items: 0, jobs: 0 };
  const rows = await jobItemsHolding(db, needles, needleHashes(needles));
  const jobs = await jobKinds(db, [...new Set(rows.map((r) => r.job_id))]);
  for (const item of rows) {
    const job = jobs.get(item.job_id) ?? { kind: '', input: null };
    const input = scrub(item.input, needles);
    const result = item.result == null ? null : (scrub(item.result, needles) ?? null);
    if (input === undefined) await deleteJobItem(db, item.job_id, item.seq);
    else
      await rewriteJobItem(db, {
        jobId: item.job_id,
        seq: item.seq,
        input,
        result,
        subjects: jobItemSubjects(job, input, result),
      });
  }
  const runRows = await jobRunsHolding(db, needles);
  for (const job of runRows) {
    const input = job.input == null ? null : (scrub(job.input, needles) ?? null);
    const result = job.result == null ? null : (scrub(job.result, needles) ?? null);
    await rewriteJobRun(db, { id: job.id, input, result });
  }
  return { items: rows.length, jobs: runRows.length };
}
