import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisConfig } from '../../config/app-config.js';
import { ConfigError } from '../../config/env.js';
import type { RedisLink } from './link.js';

interface Envelope {
  from: string;
  data: unknown;
}

/**
 * Connects to REDIS_URL: one connection for commands, one for subscriptions (a subscribed
 * connection can run nothing else), more on demand for blocking reads. Resolves once the command
 * connection is ready, so a wrong URL fails start-up rather than the first request.
 */
export async function connectRedis(config: RedisConfig, log: FastifyBaseLogger): Promise<RedisLink> {
  // Loaded here, not at the top: the server bundle inlines this module, and a static import of an
  // external package would load it in every process, Redis or not.
  const { Redis } = await import('ioredis');
  const options = {
    keyPrefix: config.keyPrefix,
    // A command waits through a short outage, then fails (the request answers 500) rather than hang.
    maxRetriesPerRequest: 3,
    lazyConnect: true,
    // Reconnect attempts at most a second apart: a Redis back from a restart is used again (and
    // what it lost put back) within about a second.
    retryStrategy: (times: number) => Math.min(times * 100, 1000),
  };
  const redis = new Redis(config.url, options);
  const sub = new Redis(config.url, { ...options, keyPrefix: '' });
  const extra = new Set<InstanceType<typeof Redis>>();
  const instanceId = randomUUID();
  const handlers = new Map<string, ((message: unknown, fromSelf: boolean) => void)[]>();
  const onError = (err: Error) => log.warn({ err: { message: err.message } }, 'redis connection error');
  redis.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([redis.connect(), sub.connect()]);
  } catch (err) {
    redis.disconnect();
    sub.disconnect();
    // Not the URL itself: it may hold a password.
    const reason = err instanceof Error ? err.message : String(err);
    // A ConfigError: start-up prints this one line and exits 1.
    throw new ConfigError(`REDIS_URL: cannot connect to Redis (${reason})`);
  }

  // Registered once connected: 'ready' from now on means a reconnection.
  const reconnected: (() => void)[] = [];
  redis.on('ready', () => {
    for (const handler of reconnected) {
      try {
        handler();
      } catch (err) {
        log.error({ err }, 'a redis reconnection handler failed');
      }
    }
  });

  sub.on('message', (channel: string, raw: string) => {
    const list = handlers.get(channel.slice(config.keyPrefix.length));
    if (!list) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    for (const handler of list) {
      try {
        handler(envelope.data, envelope.from === instanceId);
      } catch (err) {
        log.error({ err, channel }, 'a redis message handler failed');
      }
    }
  });

  let closed = false;
  return {
    redis,
    prefix: config.keyPrefix,
    instanceId,
    async publish(channel, message) {
      const envelope: Envelope = { from: instanceId, data: message };
      await redis.publish(config.keyPrefix + channel, JSON.stringify(envelope));
    },
    subscribe(channel, handler) {
      const list = handlers.get(channel);
      if (list) {
        list.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      sub.subscribe(config.keyPrefix + channel).catch(onError);
    },
    onReconnect(handler) {
      reconnected.push(handler);
    },
    duplicate() {
      const conn = redis.duplicate();
      conn.on('error', onError);
      extra.add(conn);
      return conn;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const conn of extra) conn.disconnect();
      sub.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
