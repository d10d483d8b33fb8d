import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benches, selectBenches } from './select.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('BENCH_ONLY', () => {
  it('selects the named benchmarks only, all when unset, and refuses unknown names', () => {
    expect(selectBenches('verify').map(([name]) => name)).toEqual(['verify']);
    expect(selectBenches(' verify-job , verify ').map(([name]) => name)).toEqual(['verify', 'verify-job']);
    expect(selectBenches(undefined)).toHaveLength(benches.length);
    expect(selectBenches('')).toHaveLength(benches.length);
    expect(() => selectBenches('verfy')).toThrow(/no benchmark named verfy \(known: access, /);
  });

  it('reaches the bench task through turbo (strict environment mode drops undeclared variables)', () => {
    // A dry run: turbo reports what it would pass to `tsx src/run-all.ts`, and runs nothing.
    const run = spawnSync(
      'pnpm',
      ['exec', 'turbo', 'run', 'bench', '--dry=json', '--filter=@dossier/bench'],
      {
        cwd: root,
        env: { ...process.env, BENCH_ONLY: 'verify' },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    const plan = JSON.parse(run.stdout) as {
      tasks: Array<{
        taskId: string;
        command: string;
        environmentVariables: { passthrough: string[] | null };
      }>;
    };
    const task = plan.tasks.find((t) => t.taskId === '@dossier/bench#bench');
    expect(task?.command).toBe('tsx src/run-all.ts');
    expect(task?.environmentVariables.passthrough?.some((v) => v.startsWith('BENCH_ONLY='))).toBe(true);
  });
});
