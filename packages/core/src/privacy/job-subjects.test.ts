import { hash } from 'node:crypto';
import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAudience } from '../audience/hash-contact.js';
import { claimJob, readyItems, saveOutcomes, submitJob } from '../jobs/store.js';
import { run } from '../shared/sql-rows.js';
import { indexJobItems } from './index-job-items.js';
import { jobNeedles, scrubJobs } from './job-scrub.js';
import { jobItemSubjects, subjectHashes, subjectTokens } from './job-subjects.js';
import { useInstanceSecret } from './secret.js';

const ALICE = 'alice.subject@acme.example';
const BOB = 'bob.subject@acme.example';
const CAROL = 'carol.subject@acme.example';

const items = (database: Database, jobId: string) =>
  run<{ seq: number; input: unknown; result: unknown; subjects: string[] | null }>(
    database.db,
    sql`select seq, input, result, subjects from job_items where job_id = ${jobId} order by seq`,
  );

describe('subjectTokens', () => {
  it('finds every form erasure looks for, as whole tokens', () => {
    const sha = hash('sha256', ALICE, 'hex');
    const tokens = subjectTokens(
      { email: 'Alice.Subject@Acme.example', status: 'valid', mx: 'mx.acme.example' },
      [{ person_id: 'per_Ab12Cd34', phone: '+14155550142', sha, url: 'https://linkedin.com/in/Jane-X/' }],
    );
    for (const t of [ALICE, 'per_Ab12Cd34', '+14155550142', '14155550142', sha, 'jane-x'])
      expect(tokens).toContain(t);
    expect(tokens).not.toContain('valid');
    expect(tokens).not.toContain('mx.acme.example');
  });

  it('finds every needle of a person in the item that holds it', () => {
    const needles = jobNeedles(['per_Ab12Cd34'], [`email:${ALICE}`, 'phone:+14155550142']);
    for (const needle of needles)
      expect(subjectTokens({ keys: { EMAIL: needle } }), needle).toContain(needle);
  });
});

describe('jobItemSubjects by job kind', () => {
  beforeAll(() => useInstanceSecret('test-instance-secret-of-32-characters'));
  const contact = { email: ALICE, phone: '+14155550142', first_name: 'Alice', last_name: 'Subject' };
  const { results } = hashAudience('meta', [contact]);
  const item = { hashed: results.map((r, index) => ({ index, ...r })) };

  it('index an audience item by its emails and phones as hashed, not by names', () => {
    const needles = jobNeedles([], [`email:${ALICE}`, 'phone:+14155550142']);
    const subjects = new Set(jobItemSubjects({ kind: 'audience', input: { network: 'meta' } }, item, null));
    expect(subjects.size).toBe(2);
    expect(subjectHashes(needles).filter((h) => subjects.has(h))).toHaveLength(2);
    const everything = jobItemSubjects({ kind: 'other', input: null }, item, null) ?? [];
    expect(everything.length).toBeGreaterThan(2);
    // Without the network the kind cannot tell which keys are emails: every token, as other kinds.
    expect(jobItemSubjects({ kind: 'audience', input: null }, item, null)).toEqual(everything);
  });

  it('index a verify item by its address, and its result only by the addresses it names', () => {
    const verify = { kind: 'verify', input: null };
    expect(jobItemSubjects(verify, ALICE, null)).toEqual(subjectHashes([ALICE]));
    const result = {
      input: ALICE,
      email: ALICE,
      suggestion: BOB,
      status: 'invalid',
      smtp: { message: `550 <${CAROL}>` },
    };
    expect(new Set(jobItemSubjects(verify, ALICE, result))).toEqual(
      new Set(subjectHashes([ALICE, BOB, CAROL])),
    );
  });
});

describe('job item subjects', () => {
  let database: Database;
  beforeAll(async () => {
    useInstanceSecret('test-instance-secret-of-32-characters');
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('are written with the items and their results, and erasure finds the items by them', async () => {
    const { job } = await submitJob(database, {
      orgId: null as never,
      kind: 'subjects',
      items: [ALICE, BOB],
    });
    const written = await items(database, job.id);
    expect(written.map((r) => r.subjects)).toEqual([subjectHashes([ALICE]), subjectHashes([BOB])]);
    expect(JSON.stringify(written.map((r) => r.subjects))).not.toContain('subject@');

    const now = new Date();
    const claimed = await claimJob(database, { kinds: ['subjects'], workerId: 'w', leaseMs: 60_000, now });
    expect(claimed?.id).toBe(job.id);
    const ready = await readyItems(database, job.id, 10, now);
    await saveOutcomes(database, {
      jobId: job.id,
      workerId: 'w',
      items: ready,
      // Bob's result names Carol: her erasure must find his item too.
      outcomes: [{ result: { status: 'valid' } }, { result: { status: 'valid', did_you_mean: CAROL } }],
      leaseUntil: new Date(now.getTime() + 60_000),
    });
    expect((await items(database, job.id))[1]?.subjects).toEqual(subjectHashes([BOB, CAROL]));

    expect(await scrubJobs(database.db, jobNeedles([], [`email:${CAROL}`]))).toEqual({ items: 1, jobs: 0 });
    const left = await items(database, job.id);
    expect(left[1]?.result).toBeNull();
    expect(left[1]?.subjects).toEqual(subjectHashes([BOB]));
  });

  it('of an item naming many people are kept apart, written once, and found there', async () => {
    const contacts = Array.from({ length: 20 }, (_, i) => ({
      email: `person${i}.subject@acme.example`,
      phone: `+1415555${String(i).padStart(4, '0')}`,
    }));
    const { results } = hashAudience('meta', contacts);
    const { job } = await submitJob(database, {
      orgId: null as never,
      kind: 'audience',
      input: { network: 'meta' },
      items: [{ hashed: results.map((r, index) => ({ index, ...r })) }],
    });
    const apart = () =>
      run<{ n: number }>(
        database.db,
        sql`select cardinality(subjects) as n from job_item_subjects where job_id = ${job.id}`,
      );
    expect(await apart()).toEqual([{ n: 40 }]);
    expect((await items(database, job.id))[0]?.subjects).toEqual([]);

    const now = new Date();
    await claimJob(database, { kinds: ['audience'], workerId: 'w', leaseMs: 60_000, now });
    const ready = await readyItems(database, job.id, 10, now);
    await saveOutcomes(database, {
      jobId: job.id,
      workerId: 'w',
      items: ready,
      outcomes: [{ result: { summary: { contacts: 20 } } }],
      leaseUntil: new Date(now.getTime() + 60_000),
    });
    expect((await items(database, job.id))[0]?.subjects).toEqual([]);

    const needles = jobNeedles([], ['email:person3.subject@acme.example']);
    expect(await scrubJobs(database.db, needles)).toEqual({ items: 1, jobs: 0 });
    // Rewritten without the person: its subjects recomputed in the row, the list apart gone.
    const [left] = await items(database, job.id);
    expect(JSON.stringify(left?.input)).not.toContain(hash('sha256', 'person3.subject@acme.example', 'hex'));
    // The contact keeps its place, without its identifiers (job-scrub.ts `scrub`).
    expect(left?.subjects).toHaveLength(38);
    expect(await apart()).toEqual([]);
    expect(await scrubJobs(database.db, needles)).toEqual({ items: 0, jobs: 0 });
    expect(await scrubJobs(database.db, jobNeedles([], ['phone:+14155550007']))).toEqual({
      items: 1,
      jobs: 0,
    });
  });

  it('are filled in for items written before them, and erasure finds those by text meanwhile', async () => {
    await database.db.execute(
      sql`insert into job_runs (id, kind, status) values ('job_old', 'verify', 'succeeded')`,
    );
    await database.db.execute(sql`insert into job_items (job_id, seq, input, status, result) values
      ('job_old', 0, ${JSON.stringify(ALICE)}::jsonb, 'done', '{"status":"valid"}'),
      ('job_old', 1, ${JSON.stringify(BOB)}::jsonb, 'done', '{"status":"valid"}'),
      ('job_old', 2, ${JSON.stringify(CAROL)}::jsonb, 'done', '{"status":"valid"}')`);
    expect(await scrubJobs(database.db, jobNeedles([], [`email:${ALICE}`]))).toEqual({ items: 2, jobs: 0 });
    expect((await items(database, 'job_old')).map((r) => r.seq)).toEqual([1, 2]);

    expect(await indexJobItems(database.db, { batch: 1 })).toBe(2);
    expect(await indexJobItems(database.db)).toBe(0);
    expect((await items(database, 'job_old')).map((r) => r.subjects)).toEqual([
      subjectHashes([BOB]),
      subjectHashes([CAROL]),
    ]);
    expect(await scrubJobs(database.db, jobNeedles([], [`email:${BOB}`]))).toEqual({ items: 2, jobs: 0 });
    expect((await items(database, 'job_old')).map((r) => r.seq)).toEqual([2]);

    // An address kept as sent, in capitals, is found by its lower-case form and scrubbed.
    const { job } = await submitJob(database, {
      orgId: null as never,
      kind: 'subjects',
      items: [CAROL.toUpperCase()],
    });
    expect(await scrubJobs(database.db, jobNeedles([], [`email:${CAROL}`]))).toEqual({ items: 2, jobs: 0 });
    expect(await items(database, job.id)).toEqual([]);
  });
});
