import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadConfig, LoadResult } from './load.js';

const loadScript = fileURLToPath(new URL('./load.ts', import.meta.url));

/** Runs `load.ts` in its own process (so its CPU is not the server's) and returns what it measured. */
export const runLoad = (config: LoadConfig) =>
  new Promise<LoadResult>((resolve, reject) => {
    const child = fork(loadScript, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: LoadResult | undefined;
    child.on('message', (m) => {
      result = m as LoadResult;
    });
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`load exited ${code}`))));
    child.send(config);
  });
