/** Caps concurrent connections per key (an MX host's IP address). */
export class KeyedSemaphore {
  private readonly active = new Map<string, number>();
  private readonly queues = new Map<string, Array<() => void>>();

  constructor(private readonly limit: number) {}

  async acquire(key: string): Promise<() => void> {
    const count = this.active.get(key) ?? 0;
    if (count >= this.limit) {
      await new Promise<void>((resolve) => {
        const queue = this.queues.get(key) ?? [];
        queue.push(resolve);
        this.queues.set(key, queue);
      });
    } else {
      this.active.set(key, count + 1);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queues.get(key)?.shift();
      if (next) next();
      else {
        const left = (this.active.get(key) ?? 1) - 1;
        if (left) this.active.set(key, left);
        else this.active.delete(key);
      }
    };
  }
}

/** Spaces session starts per provider (e.g. at most one new Microsoft session every 500 ms). */
export class Pacer {
  private readonly next = new Map<string, number>();

  constructor(private readonly intervals: Record<string, number>) {}

  async wait(key: string | null): Promise<void> {
    const interval = key ? this.intervals[key] : undefined;
    if (!key || !interval) return;
    const now = Date.now();
    const at = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, at + interval);
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** Runs tasks with at most `limit` in flight. */
export const mapPool = async <T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let index = 0;
  const worker = async (): Promise<void> => {
    while (index < items.length) {
      const mine = index++;
      results[mine] = await task(items[mine] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
};

/**
 * Hosts (IP addresses) that deferred us (`421 ... deferred due to volume`): not contacted again
 * until their time is up, a little longer after each deferral in a row.
 */
export class HostBackoff {
  private readonly hosts = new Map<string, { until: number; strikes: number }>();

  constructor(
    private readonly baseMs: number,
    private readonly maxMs: number = baseMs * 16,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the host may be contacted again, or null when it may be now. */
  until(key: string): number | null {
    const entry = this.hosts.get(key);
    return entry && entry.until > this.now() ? entry.until : null;
  }

  /** Records a deferral; returns until when to stay away. */
  defer(key: string): number {
    const strikes = (this.hosts.get(key)?.strikes ?? 0) + 1;
    const until = this.now() + Math.min(this.maxMs, this.baseMs * 2 ** (strikes - 1));
    this.hosts.set(key, { until, strikes });
    return until;
  }

  /** A session went through: the next deferral starts from the base again. */
  clear(key: string): void {
    this.hosts.delete(key);
  }
}
