import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadConfig, LoadResult } from './load.js';

/**
 * Runs a load script in its own process (so its CPU is not the server's), sends it `config`, and
 * returns the one message it answers with.
 */
export const forkLoad = <Result>(script: string, config: object) =>
  new Promise<Result>((resolve, reject) => {
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: Result | undefined;
    child.on('message', (m) => {
      result = m as Result;
    });
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`load exited ${code}`))));
    child.send(config);
  });

const loadScript = fileURLToPath(new URL('./load.ts', import.meta.url));

/** Runs `load.ts` (autocannon) and returns what it measured. */
export const runLoad = (config: LoadConfig) => forkLoad<LoadResult>(loadScript, config);
