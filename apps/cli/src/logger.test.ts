import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));

describe('server logger', () => {
  it('writes every line to stdout, one longer than a write and those logged just before a flush and exit included', () => {
    // Lines in bursts without waiting (they gather while writes are under way), one line longer than
    // a write takes at once, and the process exiting right after the last line.
    const script = `
      import { serverLogger } from ${JSON.stringify(logger)};
      const log = serverLogger('info');
      for (let i = 0; i < 2000; i++) log.info({ i, path: '/v1/person/per_' + i }, 'request');
      log.info({ long: 'x'.repeat(20000) }, 'long');
      await new Promise((r) => setTimeout(r, 20));
      for (let i = 2000; i < 2100; i++) log.info({ i }, 'request');
      await new Promise((r) => log.flush(r));
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const counted = lines.filter((l) => l.msg === 'request').map((l) => l.i);
    expect(counted).toEqual(Array.from({ length: 2100 }, (_, i) => i));
    expect(lines.find((l) => l.msg === 'long')?.long).toHaveLength(20000);
  });
});
