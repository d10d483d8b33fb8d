import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL primary and a streaming replica of it, each in its own temporary folder. */
export interface PostgresPair {
  primaryUrl: string;
  replicaUrl: string;
  /** The data folders (server logs are `server.log` in each). */
  dirs: { primary: string; replica: string };
  /** Stops both servers at once and removes their folders. */
  stop(): void;
}

export interface PostgresPairOptions {
  primaryPort: number;
  replicaPort: number;
  /** Default: the newest /usr/lib/postgresql/N/bin. */
  binDir?: string;
  /** Extra postgresql.conf lines for both servers. */
  settings?: string[];
}

/** The newest installed PostgreSQL binaries, or undefined. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/**
 * Starts a primary (initdb) and a hot standby streaming from it (`pg_basebackup -R`), the way
 * tooling/bench/scripts/tuned-postgres.sh starts its server: trust authentication on loopback only,
 * run as the `postgres` user when we are root (the servers refuse to run as root). Durability
 * settings are off: these servers hold test data for minutes.
 */
export function startPostgresPair(options: PostgresPairOptions): PostgresPair {
  const bin = options.binDir ?? postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries with pg_basebackup under /usr/lib/postgresql');
  const root = mkdtempSync(join(tmpdir(), 'dossier-pg-pair-'));
  chmodSync(root, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      },
    );
  const primary = join(root, 'primary');
  const replica = join(root, 'replica');
  const started: string[] = [];
  const stop = () => {
    for (const dir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
    }
    started.length = 0;
    rmSync(root, { recursive: true, force: true });
  };
  const conf = (dir: string, port: number) =>
    appendFileSync(
      join(dir, 'postgresql.conf'),
      [
        '# Dossier test pair (tooling/testing/src/postgres-pair.ts)',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 100',
        'hot_standby_feedback = on',
        ...(options.settings ?? []),
        '',
      ].join('\n'),
    );
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
    conf(primary, options.primaryPort);
    run('pg_ctl', ['-D', primary, '-l', join(primary, 'server.log'), '-w', 'start']);
    started.push(primary);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(options.primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    // The copy carries the primary's settings; the replica differs in its port and socket folder.
    conf(replica, options.replicaPort);
    run('pg_ctl', ['-D', replica, '-l', join(replica, 'server.log'), '-w', 'start']);
    started.push(replica);
  } catch (error) {
    stop();
    const err = error as { stderr?: Buffer; message: string };
    throw new Error(`could not start the PostgreSQL pair: ${err.stderr?.toString() || err.message}`);
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${options.primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${options.replicaPort}/postgres`,
    dirs: { primary, replica },
    stop,
  };
}
