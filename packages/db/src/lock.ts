import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Raised when another live process holds the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}). ` +
        'Stop that process first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

export interface LockInfo {
  pid: number;
  command: string;
  startedAt: string;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readLock = (path: string): LockInfo | null => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
};

/**
 * Takes the data folder's lock file, or throws DatabaseLockedError naming the holder.
 * PGlite is single-process: a second opener would corrupt the folder, so we refuse it.
 * A lock left by a process that died is taken over.
 */
export function acquireLock(dataDir: string, command: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'dossier.lock');
  const info: LockInfo = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(path);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid))
        throw new DatabaseLockedError(dataDir, holder);
      if (holder?.pid === process.pid) throw new DatabaseLockedError(dataDir, holder);
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock on ${path}`);
}
