import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** The environment a CLI child gets: ours, without anything that would point it elsewhere. */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // The port 25 check would reach for the internet's mail servers: never from tests.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    VERIFY_SKIP_PORT25_CHECK: 'true',
    ...extra,
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'DOSSIER_SECRET', 'DOSSIER_KEK', 'PORT']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

export function startCli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', mainPath, ...args], { env: cliEnv(env), stdio: 'pipe' });
}

export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = startCli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Resolves with the collected stdout as soon as `pattern` appears in it (the server prints its
 * ready line only once it answers). The limit is only the point of giving up: a first start loads
 * the demo data, which costs about 40 s of CPU and took 130 s on a 2-core machine busy with other builds.
 */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 300_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}; stdout: ${out}\nstderr: ${err}`)),
      timeoutMs,
    );
    child.stderr?.on('data', (d) => (err += d));
    child.stdout?.on('data', (d) => {
      out += d;
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!pattern.test(out))
        reject(new Error(`exited ${code} before ${pattern}; stdout: ${out}\nstderr: ${err}`));
    });
  });
}
