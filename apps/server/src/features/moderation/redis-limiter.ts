import type { Redis } from 'ioredis';
import type { LimiterStore } from './limiter.js';

/**
 * How long a concurrent-message count outlives its last taken slot: a reply of an instance that
 * died never gives its slot back, so the count ends by itself after this.
 */
const SLOT_TTL_MS = 10 * 60_000;

/** INCR, and the window's expiry set by the hit that opened it: one round trip, atomic. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Takes a slot unless all ARGV[1] are taken. */
const ACQUIRE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const RELEASE = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

/**
 * The message limits' counters in Redis, shared by every instance: each operation is one Lua
 * script, so two instances counting at once cannot both take the last slot of a limit.
 */
export function createRedisLimiter(redis: Redis): LimiterStore {
  const key = (name: string) => `limit:${name}`;
  return {
    async hit(name, windowMs) {
      return Number(await redis.eval(HIT, 1, key(name), windowMs));
    },
    async count(name) {
      return Number((await redis.get(key(name))) ?? 0);
    },
    async acquire(name, max) {
      return Number(await redis.eval(ACQUIRE, 1, key(name), max, SLOT_TTL_MS)) === 1;
    },
    async release(name) {
      await redis.eval(RELEASE, 1, key(name));
    },
  };
}
