import type { Logger } from '@dossier/core';
import type { Redis } from 'ioredis';

/** Tells every instance that a key changed (revoked, rolled), so caches drop it at once. */
export interface KeyEvents {
  publish(hash: string): Promise<void>;
  onInvalidate(handler: (hash: string) => void): void;
  /** Called when the channel comes back after a gap: messages may have been missed. */
  onResync(handler: () => void): void;
  /** True while invalidations are known to arrive. */
  readonly healthy: boolean;
  close(): Promise<void>;
}

export function createRedisKeyEvents(redis: Redis, log: Logger, channel = 'dossier:key-events'): KeyEvents {
  const subscriber = redis.duplicate();
  const invalidate: Array<(hash: string) => void> = [];
  const resync: Array<() => void> = [];
  let subscribed = false;
  let everSubscribed = false;

  subscriber.on('message', (_channel: string, hash: string) => {
    for (const handler of invalidate) handler(hash);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        if (everSubscribed) for (const handler of resync) handler();
        everSubscribed = true;
      },
      (error: Error) => log.warn({ err: error.message }, 'key events: subscribe failed'),
    );
  });
  subscriber.on('close', () => {
    subscribed = false;
  });
  subscriber.on('error', () => {
    subscribed = false; // ioredis reconnects by itself; the cache falls back to a short TTL meanwhile
  });

  return {
    async publish(hash) {
      try {
        await redis.publish(channel, hash);
      } catch (error) {
        log.warn(
          { err: (error as Error).message },
          'key events: publish failed; other instances rely on the short TTL',
        );
      }
    },
    onInvalidate: (handler) => invalidate.push(handler),
    onResync: (handler) => resync.push(handler),
    get healthy() {
      return subscribed && subscriber.status === 'ready';
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
