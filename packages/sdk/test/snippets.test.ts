import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operationSnippets, operations, operationsForScopes, primaryScopes } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, server } from './helpers.js';
import { repoRoot } from './server.js';

const exec = promisify(execFile);
const sdkDir = join(repoRoot, 'packages/sdk');
const tsx = join(sdkDir, 'node_modules/.bin/tsx');

interface Outcome {
  ok: boolean;
  output: string;
}

async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd, env, timeout: 120_000, maxBuffer: 32 << 20 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}${e.message}` };
  }
}

/** Runs `tasks` two at a time (the machine has two cores). */
async function pool<T>(tasks: (() => Promise<T>)[], width = 2): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

// The snippets the console and /docs show, run as a user would paste them: curl with the curl
// binary, TypeScript with tsx against the built SDK, Python with python3 and the SDK's source.
describe('generated snippets run against the demo data', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dossier-snippets-'));
    // The built SDK as its package ships it: the dist folder and the published manifest.
    const installed = join(dir, 'node_modules/@dossier/sdk');
    mkdirSync(installed, { recursive: true });
    await exec('pnpm', ['exec', 'tsup', '--out-dir', join(installed, 'dist')], {
      cwd: sdkDir,
      timeout: 240_000,
    });
    const manifest = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8'));
    writeFileSync(
      join(installed, 'package.json'),
      JSON.stringify({
        name: manifest.name,
        version: manifest.version,
        type: 'module',
        ...manifest.publishConfig,
      }),
    );
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'snippets', private: true, type: 'module' }),
    );
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a scoped key gets snippets only for the operations its scopes allow', () => {
    const names = operationsForScopes(operations, ['search']).map((op) => op.name);
    expect(names).toEqual(['search_companies', 'search_people', 'search']);
    for (const op of operationsForScopes(operations, ['search'])) {
      expect(operationSnippets(op).curl).not.toContain('/v1/company/');
    }
  });

  it('every operation a primary key may call: curl, TypeScript and Python succeed', async () => {
    const { baseUrl, apiKey } = server();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DOSSIER_API_KEY: apiKey,
    };
    const allowed = operationsForScopes(operations, primaryScopes);
    expect(allowed.length).toBeGreaterThan(15);
    const inputFor = await realIds();
    const tasks = allowed.flatMap((op) =>
      (['curl', 'typescript', 'python'] as const).map((lang) => async () => {
        const s = operationSnippets(op, { baseUrl, input: await inputFor(op, lang) });
        const file = join(dir, `${op.name}.${lang === 'python' ? 'py' : 'ts'}`);
        if (lang === 'curl') return { op, lang, ...(await run('bash', ['-c', s.curl], dir, env)) };
        writeFileSync(file, s[lang]);
        if (lang === 'typescript') return { op, lang, ...(await run(tsx, [file], dir, env)) };
        const pythonPath = join(repoRoot, 'packages/sdk-python/src');
        return {
          op,
          lang,
          ...(await run('python3', [file], dir, {
            ...env,
            PYTHONDONTWRITEBYTECODE: '1',
            PYTHONPATH: pythonPath,
          })),
        };
      }),
    );
    const outcomes = await pool(tasks);
    // A replay needs a delivery that has finished failing, which takes the worker's whole retry
    // schedule; a fresh one is pending, and the server says so: the call itself is well-formed.
    const wrong = (o: (typeof outcomes)[number]) =>
      o.op.name === 'replay_webhook_delivery' ? o.ok || !/still pending/.test(o.output) : !o.ok;
    const failed = outcomes.filter(wrong).map((o) => `${o.op.name} (${o.lang}): ${o.output.slice(0, 600)}`);
    expect(failed).toEqual([]);
    // Each answer is the operation's own: the company snippets print the company.
    for (const { op, output } of outcomes) {
      if (op.name === 'get_company') expect(output).toContain('northwind.example');
    }
  }, 600_000);
});

/**
 * The examples name jobs, subscriptions and deliveries that exist only once made; each snippet runs
 * with real ones instead (made with the SDK), so every call must succeed. A subscription is made
 * per snippet: updating, rotating or deleting one must not change what another snippet sees.
 */
async function realIds() {
  const dossier = client();
  const verify = (await dossier.call('verify_emails', {
    emails: ['ada@northwind.example'],
    as_job: true,
  })) as {
    job: { id: string };
  };
  await dossier.jobs.wait(verify.job.id, { timeoutMs: 60_000 });
  const audience = (await dossier.audience({
    network: 'meta',
    contacts: [{ email: 'ada@northwind.example' }],
    as_job: true,
  })) as { job: { id: string } };
  for (let i = 0; ; i++) {
    const { job } = await dossier.call('get_audience_job', { job_id: audience.job.id });
    if (job.status === 'succeeded') break;
    if (i > 120 || job.status === 'failed') throw new Error(`audience job ${job.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return async (op: { path: string; example: { input: unknown } }, _lang: string) => {
    const input = { ...(op.example.input as Record<string, unknown>) };
    if ('job_id' in input) input.job_id = op.path.startsWith('/v1/verify') ? verify.job.id : audience.job.id;
    if ('subscription_id' in input) {
      const { subscription } = await dossier.call('create_webhook_subscription', {
        url: 'https://crm.example/hooks/dossier',
        event_types: ['intent.surge'],
      });
      input.subscription_id = subscription.id;
      if ('delivery_id' in input) {
        input.delivery_id = (
          await dossier.call('send_webhook_test', { subscription_id: subscription.id })
        ).delivery_id;
      }
    }
    return input;
  };
}
