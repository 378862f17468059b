import type { RedisLink } from '../../platform/redis/link.js';
import type { LimiterStore, SlotRelease } from './limiter.js';

const SLOT_TIMINGS = {
  /**
   * A taken slot ends this long after its instance last renewed it: an instance that died (kill -9)
   * stops renewing, and its users get their slots back within this time.
   */
  leaseMs: 15_000,
  /** How often an instance renews the slots it holds (and puts them back after Redis restarted empty). */
  renewMs: 5_000,
} as const;

/** Redis's clock in ms, inside a script (instances' clocks may differ). */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** INCR, and the window's expiry set by the hit that opened it: one round trip, atomic. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * KEYS: the slots (sorted set: member → when its lease ends). ARGV: max, leaseMs, member.
 * Slots whose lease ended (their instance is gone) are dropped first; then one is taken unless all
 * `max` are.
 */
const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** KEYS: the slots. ARGV: leaseMs, members... Renews (or, after Redis lost them, puts back) this instance's slots. */
const RENEW = `${NOW}
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

export interface RedisLimiterOptions {
  leaseMs?: number;
  renewMs?: number;
}

/**
 * The message limits' counters in Redis, shared by every instance: each operation is one Lua
 * script, so two instances counting at once cannot both take the last slot of a limit.
 *
 * A slot (concurrent messages) is a member of a sorted set named after the instance holding it,
 * with a lease the instance renews while it holds the slot: a slot ends when it is given back or
 * when its instance stops renewing it (killed), never later than the lease. The instance knows the
 * slots it holds, so a Redis that restarted empty gets them back at the next renewal (at once when
 * the connection is ready again).
 */
export function createRedisLimiter(link: RedisLink, opts: RedisLimiterOptions = {}) {
  const { redis } = link;
  const leaseMs = opts.leaseMs ?? SLOT_TIMINGS.leaseMs;
  const renewMs = opts.renewMs ?? SLOT_TIMINGS.renewMs;
  const key = (name: string) => `limit:${name}`;
  const slotsKey = (name: string) => `limit:slots:${name}`;
  /** The slots this instance holds: slots key → members. */
  const held = new Map<string, Set<string>>();
  let seq = 0;

  function renewAll(): void {
    for (const [k, members] of held) {
      if (members.size === 0) continue;
      redis.eval(RENEW, 1, k, leaseMs, ...members).catch(() => {
        // Redis unreachable: the next renewal (or the reconnection) tries again.
      });
    }
  }
  const timer = setInterval(renewAll, renewMs);
  timer.unref();
  link.onReconnect(renewAll);

  const store: LimiterStore & { close(): void } = {
    async hit(name, windowMs) {
      return Number(await redis.eval(HIT, 1, key(name), windowMs));
    },
    async count(name) {
      return Number((await redis.get(key(name))) ?? 0);
    },
    async acquire(name, max): Promise<SlotRelease | null> {
      const k = slotsKey(name);
      const member = `${link.instanceId}:${++seq}`;
      if (Number(await redis.eval(ACQUIRE, 1, k, max, leaseMs, member)) !== 1) return null;
      // Renewed from now on (a renewal sent before the script ran had its lease fresh anyway).
      let members = held.get(k);
      if (!members) held.set(k, (members = new Set()));
      members.add(member);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        const m = held.get(k);
        m?.delete(member);
        if (m?.size === 0) held.delete(k);
        await redis.zrem(k, member);
      };
    },
    close() {
      clearInterval(timer);
    },
  };
  return store;
}
