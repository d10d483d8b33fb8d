import type { createAccess } from '@dossier/access';
import {
  createDatabaseCache,
  createJobRunner,
  createVerifier,
  type Database,
  type JobRunner,
  silentLogger,
  VERIFY_JOB_KIND,
  verifyJobKind,
} from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The loopback DNS and SMTP servers that core's verifier tests use.
import {
  startVerifyFixture,
  type VerifyFixture,
} from '../../../packages/core/testing/verify/verify-fixture.js';
import { createMcpApp } from '../src/index.js';
import { connectClient, newTenant, testAccess } from './harness.js';

let database: Database;
let access: ReturnType<typeof createAccess>;
let fixture: VerifyFixture;
let runner: JobRunner;
let app: ReturnType<typeof createMcpApp>;

beforeAll(async () => {
  [database, fixture] = await Promise.all([createTestDatabase(), startVerifyFixture()]);
  access = testAccess(database);
  const verifier = createVerifier({ ...fixture.config, cache: createDatabaseCache(database) });
  runner = createJobRunner({ database, pollMs: 20 });
  runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize: 50 }));
  app = createMcpApp({ database, access, log: silentLogger, jobs: runner.jobs, verifier });
});
afterAll(async () => {
  await runner?.stop();
  await access?.close();
  await fixture?.close();
  await database?.close();
});

async function connect() {
  const { key } = await newTenant(database, access);
  const client = await connectClient(app, key);
  await client.listTools(); // the client then checks results against the output schemas
  return client;
}

describe('verify over MCP', () => {
  it('verifies a short list in the call, and lists the CSV download as a tool', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['verify_emails', 'get_verify_job']));
    expect(tools.map((t) => t.name)).toContain('get_verify_job_csv');
    const result = await client.callTool({
      name: 'verify_emails',
      arguments: { emails: ['jane@acme.test', 'ghost@acme.test'] },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      results: [
        { email: 'jane@acme.test', status: 'deliverable' },
        { email: 'ghost@acme.test', status: 'undeliverable', reason: 'mailbox_not_found' },
      ],
      credits_used: 0,
    });
    const bad = await client.callTool({ name: 'verify_emails', arguments: { emails: '' } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ error: 'invalid_request', issues: [{ path: 'emails' }] });
    await client.close();
  });

  it('returns a job id for a long list, and get_verify_job follows it to the end', async () => {
    const client = await connect();
    const emails = Array.from({ length: 130 }, (_, i) => `user${i}@acme.test`);
    const queued = await client.callTool({ name: 'verify_emails', arguments: { emails } });
    expect(queued.isError).toBeFalsy();
    const { job, poll } = queued.structuredContent as {
      job: { id: string; total: number };
      poll: { tool: string };
    };
    expect(job.total).toBe(130);
    expect(poll.tool).toBe('get_verify_job');
    expect((queued.content as Array<{ text: string }>)[0]?.text).toContain(job.id);
    runner.start();
    let page: { job: { status: string; done: number }; results: unknown[] } | undefined;
    for (let i = 0; i < 300 && page?.job.status !== 'succeeded'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const result = await client.callTool({
        name: 'get_verify_job',
        arguments: { job_id: job.id, limit: 500 },
      });
      page = result.structuredContent as typeof page;
    }
    expect(page?.job).toMatchObject({ status: 'succeeded', done: 130 });
    expect(page?.results).toHaveLength(130);
    const missing = await client.callTool({ name: 'get_verify_job', arguments: { job_id: 'job_nope' } });
    expect(missing.structuredContent).toMatchObject({ error: 'not_found' });
    await client.close();
  });
});
