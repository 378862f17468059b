import type { Redis } from 'ioredis';

/**
 * The app's one Redis, as the features see it (REDIS_URL). Only `connect.ts` loads the client
 * library, and only when REDIS_URL is set: one process without Redis never loads it.
 *
 * Every key a feature names is put under REDIS_KEY_PREFIX by the client (`keyPrefix`), every
 * pub/sub channel by `publish` / `subscribe`, so several deployments can share one Redis.
 */
export interface RedisLink {
  /** Commands; every key is prefixed (a key read back from a reply, as XREAD's, carries the prefix). */
  readonly redis: Redis;
  /** REDIS_KEY_PREFIX. */
  readonly prefix: string;
  /** This process's id among the instances (pub/sub messages name their sender). */
  readonly instanceId: string;
  /** Sends `message` (JSON) to every instance subscribed to `channel`, this one included. */
  publish(channel: string, message: unknown): Promise<void>;
  /** `handler` gets each message of `channel` and whether this instance sent it. */
  subscribe(channel: string, handler: (message: unknown, fromSelf: boolean) => void): void;
  /**
   * `handler` runs each time the command connection is ready again after it was lost. Redis may
   * have restarted empty meanwhile: what an instance holds there (leases, slots, running replies)
   * is put back by the feature that holds it.
   */
  onReconnect(handler: () => void): void;
  /** A new connection (same options) for blocking reads; closed with the link. */
  duplicate(): Redis;
  /** Ends the connections (after pending commands are sent). */
  close(): Promise<void>;
}
