import type { createAccess } from '@dossier/access';
import { audience, createJobRunner, type Database, type JobRunner, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpApp } from '../src/index.js';
import { connectClient, newTenant, testAccess } from './harness.js';

let database: Database;
let access: ReturnType<typeof createAccess>;
let runner: JobRunner;
let app: ReturnType<typeof createMcpApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  access = testAccess(database);
  runner = createJobRunner({ database, pollMs: 20 });
  runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
  app = createMcpApp({ database, access, log: silentLogger, jobs: runner.jobs });
});
afterAll(async () => {
  await runner?.stop();
  await access?.close();
  await database?.close();
});

async function connect(scopes?: string[]) {
  const { key } = await newTenant(database, access, {
    plan: 'enterprise',
    ...(scopes
      ? {
          key: {
            kind: 'scoped' as const,
            scopes: scopes as never,
            expiresAt: new Date(Date.now() + 3_600_000),
          },
        }
      : {}),
  });
  const client = await connectClient(app, key);
  await client.listTools();
  return client;
}

describe('audiences over MCP', () => {
  it('lists build_audience, get_audience_job and the upload file download only with the audience scope', async () => {
    const client = await connect();
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['build_audience', 'get_audience_job', 'get_audience_job_csv']),
    );
    const searchOnly = await connect(['search']);
    const limited = (await searchOnly.listTools()).tools.map((t) => t.name);
    expect(limited).not.toContain('build_audience');
    expect(limited).not.toContain('get_audience_job');
    expect(limited).not.toContain('get_audience_job_csv');
  });

  it('returns a job id for a long list and get_audience_job follows it to the end', async () => {
    const client = await connect();
    const contacts = Array.from({ length: 25 }, (_, i) => ({ email: `p${i}@example.com` }));
    const queued = await client.callTool({
      name: 'build_audience',
      arguments: { network: 'linkedin', contacts, as_job: true },
    });
    expect(queued.isError).toBeFalsy();
    const { job, poll } = queued.structuredContent as { job: { id: string }; poll: { tool: string } };
    expect(poll.tool).toBe('get_audience_job');
    await runner.runUntilIdle();
    const done = await client.callTool({
      name: 'get_audience_job',
      arguments: { job_id: job.id, limit: 10 },
    });
    const page = done.structuredContent as {
      job: { status: string; done: number; total: number };
      results: unknown[];
      next_cursor: string | null;
    };
    expect(page.job).toMatchObject({ status: 'succeeded', done: 25, total: 25 });
    expect(page.results).toHaveLength(10);
    expect(page.next_cursor).toBe('0.10');
    const bad = await client.callTool({
      name: 'build_audience',
      arguments: { network: 'meta', search: { filters: { country: ['Germany'] } } },
    });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.structuredContent)).toContain('search.filters.country.0');
    const missing = await client.callTool({ name: 'get_audience_job', arguments: { job_id: 'job_nope' } });
    expect(missing.isError).toBe(true);
  });
});
