import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { apiVersion } from '@dossier/core';
import { afterAll, describe, expect, it } from 'vitest';
import { server } from './helpers.js';
import { repoRoot } from './server.js';

const run = promisify(execFile);
const sdkDir = join(repoRoot, 'packages/sdk');
const pythonDir = join(repoRoot, 'packages/sdk-python');
const tscBin = join(sdkDir, 'node_modules/typescript/bin/tsc');

/** An empty folder outside the repository, as a user's project would be. */
const folders: string[] = [];
function emptyFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!relative(repoRoot, dir).startsWith('..')) throw new Error(`${dir} is inside the repository`);
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The server's address and key reach the installed code only through the environment. */
const userEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env))
    if (/^(npm_|PNPM|NODE_OPTIONS|PYTHONPATH)/i.test(name)) delete env[name];
  return { ...env, DOSSIER_API_KEY: server().apiKey, DOSSIER_BASE_URL: server().baseUrl };
};

// Both SDKs as a user gets them: the release artifact, installed into an empty project with no
// registry to fall back on, then called against the running server.
describe('SDKs installed from their packed artifacts', () => {
  it('TypeScript: `pnpm pack` builds a .tgz that npm installs offline; ESM, CJS and types work', async () => {
    const out = emptyFolder('dossier-sdk-pack-');
    await run('pnpm', ['pack', '--pack-destination', out], { cwd: sdkDir, timeout: 240_000 });
    const tgz = readdirSync(out).find((f) => f.endsWith('.tgz'));
    expect(tgz).toBe(`dossier-sdk-${apiVersion}.tgz`);

    const project = emptyFolder('dossier-sdk-user-');
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'user-app', private: true, type: 'module' }),
    );
    // --offline: nothing may come from a registry, so the package must have no runtime dependencies.
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(out, tgz as string)], {
      cwd: project,
      env: userEnv(),
      timeout: 120_000,
    });
    const installed = join(project, 'node_modules/@dossier/sdk');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.version).toBe(apiVersion);
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(installed, 'CHANGELOG.md'))).toBe(true);
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(
      expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']),
    );

    writeFileSync(
      join(project, 'app.mjs'),
      `import { Dossier, apiVersion } from '@dossier/sdk';
const dossier = new Dossier();
const company = await dossier.company('northwind.example');
const found = await dossier.search.companies({ query: 'fintech companies', limit: 2 });
console.log(JSON.stringify({ apiVersion, domain: company.domain, hits: found.data.length, limit: dossier.rateLimit?.limit }));
`,
    );
    const esm = JSON.parse((await run('node', ['app.mjs'], { cwd: project, env: userEnv() })).stdout);
    expect(esm).toMatchObject({ apiVersion, domain: 'northwind.example' });
    expect(esm.hits).toBeGreaterThan(0);
    expect(esm.limit).toBeGreaterThan(0);

    writeFileSync(
      join(project, 'app.cjs'),
      `const { Dossier } = require('@dossier/sdk');
new Dossier().call('get_company', { domain: 'northwind.example' }).then((c) => console.log(c.name));
`,
    );
    expect((await run('node', ['app.cjs'], { cwd: project, env: userEnv() })).stdout.trim()).not.toBe('');

    // The declarations stand alone: a strict project compiles against them (and rejects a wrong call).
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          target: 'es2022',
          skipLibCheck: false,
        },
        files: ['typed.ts'],
      }),
    );
    const typed = `import { Dossier, type GetCompanyOutput } from '@dossier/sdk';
const dossier = new Dossier({ apiKey: 'dsr_live_example' });
export const name: Promise<GetCompanyOutput['name']> = dossier.company('northwind.example').then((c) => c.name);
`;
    writeFileSync(join(project, 'typed.ts'), typed);
    await run(process.execPath, [tscBin, '-p', project], { cwd: project });
    writeFileSync(
      join(project, 'typed.ts'),
      `${typed}export const wrong = dossier.company({ domain: 1 });\n`,
    );
    const failed = await run(process.execPath, [tscBin, '-p', project], { cwd: project }).catch(
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toMatch(/typed\.ts\(\d+,\d+\): error TS2345/);
  }, 300_000);

  it('Python: the wheel built offline by the in-tree backend installs with pip --no-index and calls the server', async () => {
    const out = emptyFolder('dossier-py-dist-');
    // The backend's own hooks, as `pip wheel` and `python -m build` call them: no setuptools, no index.
    await run(
      'python3',
      [
        '-c',
        'import sys, build_backend as b; print(b.build_wheel(sys.argv[1])); print(b.build_sdist(sys.argv[1]))',
        out,
      ],
      { cwd: pythonDir, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
    );
    const wheel = `dossier_sdk-${apiVersion}-py3-none-any.whl`;
    expect(readdirSync(out).sort()).toEqual([wheel, `dossier_sdk-${apiVersion}.tar.gz`].sort());

    const project = emptyFolder('dossier-py-user-');
    // pip into a fresh venv where the interpreter has venv and pip (Debian splits them out as
    // python3-venv); otherwise the wheel, a zip of pure-Python files, is unpacked onto PYTHONPATH,
    // which is what pip would write into site-packages.
    const venv = join(project, 'venv');
    let python = join(venv, 'bin/python');
    let env = userEnv();
    let home = venv;
    try {
      await run('python3', ['-m', 'venv', venv], { cwd: project, timeout: 120_000 });
      await run(
        python,
        ['-m', 'pip', 'install', '--no-index', '--disable-pip-version-check', join(out, wheel)],
        {
          cwd: project,
          env,
          timeout: 120_000,
        },
      );
    } catch (error) {
      console.warn(
        `no venv with pip (${(error as Error).message.split('\n')[0]}): unpacking the wheel instead`,
      );
      home = join(project, 'site');
      await run('python3', ['-m', 'zipfile', '-e', join(out, wheel), home], { cwd: project });
      python = 'python3';
      env = { ...env, PYTHONPATH: home };
    }
    writeFileSync(
      join(project, 'app.py'),
      `import json, dossier
from dossier import Dossier
client = Dossier()
company = client.company("northwind.example")
typed = __import__("importlib.resources").resources.files("dossier").joinpath("py.typed").is_file()
print(json.dumps({"version": dossier.__version__, "file": dossier.__file__, "domain": company["domain"], "typed": typed}))
`,
    );
    const result = JSON.parse((await run(python, ['app.py'], { cwd: project, env })).stdout);
    expect(result).toMatchObject({ version: apiVersion, domain: 'northwind.example', typed: true });
    // Imported from what was installed, not from the repository.
    expect(result.file.startsWith(home)).toBe(true);
  }, 300_000);
});
