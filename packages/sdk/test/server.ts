import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const mainPath = fileURLToPath(new URL('../../../apps/cli/src/main.ts', import.meta.url));

/** The CLI's environment: ours, minus anything that points at another database, plus `extra`. */
function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...extra };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'DOSSIER_SECRET', 'DOSSIER_KEK', 'PORT']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

export function startCli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', mainPath, ...args], {
    cwd: repoRoot,
    env: cliEnv(env),
    stdio: 'pipe',
  });
}

/** Runs a CLI command to its end; rejects on a non-zero exit. */
export async function runCli(args: string[], env: Record<string, string>): Promise<string> {
  const child = startCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`dossier ${args.join(' ')} exited ${code}: ${stderr}`);
  return stdout;
}

/**
 * Resolves with the first match of `pattern` in the child's stdout, as soon as it appears. The
 * limit is only the point of giving up: a first start loads the demo data (about 40 s of CPU; 130 s
 * seen on a busy 2-core machine).
 */
export function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 300_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}: ${out}\n${err}`)),
      timeoutMs,
    );
    child.stderr?.on('data', (d) => (err += d));
    child.stdout?.on('data', (d) => {
      out += d;
      const match = pattern.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code} before ${pattern}: ${out}\n${err}`));
    });
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
