import type { createAccess } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import {
  audience,
  createDatabaseCache,
  createJobRunner,
  createVerifier,
  type Database,
  type JobRunner,
  operations,
  primaryScopes,
  silentLogger,
  VERIFY_JOB_KIND,
  verifyJobKind,
} from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVerifyFixture,
  type VerifyFixture,
} from '../../../packages/core/testing/verify/verify-fixture.js';
import { downloadContents } from '../src/downloads.js';
import { createMcpApp } from '../src/index.js';
import { connectClient, newTenant, testAccess } from './harness.js';

let database: Database;
let access: ReturnType<typeof createAccess>;
let fixture: VerifyFixture;
let runner: JobRunner;
let mcp: ReturnType<typeof createMcpApp>;
let rest: ReturnType<typeof createApiApp>;

beforeAll(async () => {
  [database, fixture] = await Promise.all([createTestDatabase(), startVerifyFixture()]);
  access = testAccess(database);
  const verifier = createVerifier({ ...fixture.config, cache: createDatabaseCache(database) });
  runner = createJobRunner({ database, pollMs: 20 });
  runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize: 50 }));
  runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
  const deps = { database, access, log: silentLogger, jobs: runner.jobs, verifier };
  mcp = createMcpApp(deps);
  rest = createApiApp({ ...deps, log: createLogger('silent') });
});
afterAll(async () => {
  await runner?.stop();
  await access?.close();
  await fixture?.close();
  await database?.close();
});

type Link = { type: string; uri: string; mimeType: string; size: number };

async function readWhole(client: Client, uri: string): Promise<string> {
  const { contents } = await client.readResource({ uri });
  return contents.map((c) => ('text' in c ? c.text : '')).join('');
}

async function restBody(key: string, path: string) {
  const response = await rest.request(path, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.text() };
}

/** Calls a tool until its job has succeeded (the runner works in the background). */
async function waitForJob(client: Client, tool: string, jobId: string) {
  for (let i = 0; i < 500; i++) {
    const result = await client.callTool({ name: tool, arguments: { job_id: jobId, limit: 1 } });
    const status = (result.structuredContent as { job?: { status: string } }).job?.status;
    if (status === 'succeeded') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${tool} ${jobId} did not finish`);
}

describe('downloads over MCP', () => {
  it('has a tool for every REST operation in the OpenAPI document', async () => {
    const { key } = await newTenant(database, access);
    const document = (await (await rest.request('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const documented = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    const client = await connectClient(mcp, key);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    // A primary key (no operator-only scopes: ingest, privacy): every operation of its scopes is a tool.
    const forPrimary = operations.filter((op) => primaryScopes.includes(op.scope)).map((op) => op.name);
    expect(documented.length).toBe(operations.length);
    expect(new Set(documented)).toEqual(new Set(operations.map((op) => op.name)));
    expect(tools.sort()).toEqual(forPrimary.sort());
    await client.close();
  });

  it('runs a verify job through tools only and reads the same CSV as the REST download', async () => {
    const { key } = await newTenant(database, access);
    const client = await connectClient(mcp, key);
    await client.listTools();
    const emails = Array.from({ length: 130 }, (_, i) =>
      i % 7 === 0 ? `nobody${i}@acme.test` : `user${i}@acme.test`,
    );
    const queued = await client.callTool({ name: 'verify_emails', arguments: { emails } });
    const { job } = queued.structuredContent as { job: { id: string } };
    runner.start();
    await waitForJob(client, 'get_verify_job', job.id);

    const answer = await client.callTool({ name: 'get_verify_job_csv', arguments: { job_id: job.id } });
    expect(answer.isError).toBeFalsy();
    const link = (answer.content as Link[]).find((c) => c.type === 'resource_link') as Link;
    expect(link.uri).toBe(`dossier://verify-job/${job.id}/results.csv`);
    expect(link.mimeType).toBe('text/csv');
    const summary = answer.structuredContent as {
      rows: number;
      bytes: number;
      columns: string[];
      preview: string[];
    };
    expect(summary.rows).toBe(130);
    expect(summary.columns).toEqual(expect.arrayContaining(['input', 'email', 'status']));
    expect(summary.preview).toHaveLength(5);

    const viaMcp = await readWhole(client, link.uri);
    const viaRest = await restBody(key, `/v1/verify/${job.id}/results.csv`);
    expect(viaRest.status).toBe(200);
    expect(viaMcp).toBe(viaRest.body);
    expect(Buffer.byteLength(viaMcp)).toBe(summary.bytes);
    expect(link.size).toBe(summary.bytes);

    // Another tenant: the same not_found as REST, through the tool and the resource.
    const other = await newTenant(database, access);
    const stranger = await connectClient(mcp, other.key);
    const refused = await stranger.callTool({ name: 'get_verify_job_csv', arguments: { job_id: job.id } });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'not_found' });
    expect((await restBody(other.key, `/v1/verify/${job.id}/results.csv`)).status).toBe(404);
    await expect(stranger.readResource({ uri: link.uri })).rejects.toThrow(/not_found/);
    await stranger.close();
    await client.close();
  });

  it('runs an audience job through tools only and reads the same upload file as the REST download', async () => {
    const { key } = await newTenant(database, access);
    const client = await connectClient(mcp, key);
    await client.listTools();
    const contacts = Array.from({ length: 40 }, (_, i) => ({
      email: `p${i}@example.com`,
      first_name: `Ann${i}`,
    }));
    const queued = await client.callTool({
      name: 'build_audience',
      arguments: { network: 'meta', contacts, as_job: true },
    });
    const { job } = queued.structuredContent as { job: { id: string } };
    await runner.runUntilIdle();
    await waitForJob(client, 'get_audience_job', job.id);
    const answer = await client.callTool({ name: 'get_audience_job_csv', arguments: { job_id: job.id } });
    expect(answer.isError).toBeFalsy();
    const link = (answer.content as Link[]).find((c) => c.type === 'resource_link') as Link;
    expect(link.uri).toBe(`dossier://audience-job/${job.id}/upload.csv`);
    const viaMcp = await readWhole(client, link.uri);
    const viaRest = await restBody(key, `/v1/audience/${job.id}/upload.csv`);
    expect(viaRest.status).toBe(200);
    expect(viaMcp).toBe(viaRest.body);
    expect((answer.structuredContent as { rows: number }).rows).toBe(40);

    const other = await newTenant(database, access);
    expect((await restBody(other.key, `/v1/audience/${job.id}/upload.csv`)).status).toBe(404);
    const stranger = await connectClient(mcp, other.key);
    const refused = await stranger.callTool({ name: 'get_audience_job_csv', arguments: { job_id: job.id } });
    expect(refused.structuredContent).toMatchObject({ error: 'not_found' });
    await stranger.close();
    await client.close();
  });

  it('lists the download resource templates and refuses a malformed URI clearly', async () => {
    const { key } = await newTenant(database, access);
    const client = await connectClient(mcp, key);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining([
        'dossier://verify-job/{job_id}/results.csv',
        'dossier://audience-job/{job_id}/upload.csv',
      ]),
    );
    await expect(client.readResource({ uri: 'dossier://verify-job/%E0%A4%A/results.csv' })).rejects.toThrow(
      /job_id .* not valid percent-encoding/,
    );
    await client.close();
  });

  it('sends a large file in parts of at most 1 MiB, cut at line ends, that join to the whole file', () => {
    const op = operations.find((o) => o.name === 'get_audience_job_csv');
    if (!op) throw new Error('no audience download operation');
    const line = `${'x'.repeat(99)}\n`;
    const parts = [`h\n`, line.repeat(15_000), line.repeat(20_000), 'tail-without-newline'];
    const contents = downloadContents(op, 'dossier://audience-job/j/upload.csv', {
      csv: parts,
      rows: 35_001,
    });
    expect(contents.length).toBeGreaterThanOrEqual(4);
    for (const c of contents.slice(0, -1)) {
      expect(c.text.length).toBeLessThanOrEqual(1 << 20);
      expect(c.text.endsWith('\n')).toBe(true);
    }
    expect(contents.map((c) => c.text).join('')).toBe(parts.join(''));
  });
});
