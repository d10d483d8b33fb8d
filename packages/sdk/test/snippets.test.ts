import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operationSnippets, operations, operationsForScopes, primaryScopes } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server } from './helpers.js';
import { repoRoot } from './server.js';

const exec = promisify(execFile);
const sdkDir = join(repoRoot, 'packages/sdk');
const tsx = join(sdkDir, 'node_modules/.bin/tsx');

/**
 * Operations whose example names something only a create call makes (a job, a subscription, a
 * delivery): their snippets are well-formed calls the server answers 404 (not 400 or 422).
 */
const needsCreatedId = (path: string) => /\{(job_id|subscription_id|delivery_id)\}/.test(path);

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
    const tasks = allowed.flatMap((op) => {
      const s = operationSnippets(op, { baseUrl });
      const ts = join(dir, `${op.name}.ts`);
      const py = join(dir, `${op.name}.py`);
      writeFileSync(ts, s.typescript);
      writeFileSync(py, s.python);
      return [
        async () => ({ op, lang: 'curl', ...(await run('bash', ['-c', s.curl], dir, env)) }),
        async () => ({ op, lang: 'typescript', ...(await run(tsx, [ts], dir, env)) }),
        async () => ({
          op,
          lang: 'python',
          ...(await run('python3', [py], dir, {
            ...env,
            PYTHONDONTWRITEBYTECODE: '1',
            PYTHONPATH: join(repoRoot, 'packages/sdk-python/src'),
          })),
        }),
      ];
    });
    const outcomes = await pool(tasks);
    const wrong = outcomes
      .filter(({ op, ok, output }) =>
        needsCreatedId(op.path) ? ok || !/not_found|NotFound|404/.test(output) : !ok,
      )
      .map(({ op, lang, output }) => `${op.name} (${lang}): ${output.slice(0, 600)}`);
    expect(wrong).toEqual([]);
    // Each answer is the operation's own: the company snippets print the company.
    for (const { op, output } of outcomes) {
      if (op.name === 'get_company') expect(output).toContain('northwind.example');
    }
  }, 600_000);
});
