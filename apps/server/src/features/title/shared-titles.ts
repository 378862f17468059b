import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from '../../platform/redis/link.js';
import { TITLE_TIMEOUT_MS, type TitleService } from './service.js';

const CHANNEL = 'title:settled';
const pendingKey = (conversationId: string) => `title:pending:${conversationId}`;
/** A pending mark outlives its instance at most this long (the title's own timeout, plus the save). */
const PENDING_TTL_MS = TITLE_TIMEOUT_MS + 5000;

/**
 * Titles across instances: the instance writing a conversation's title marks it pending in Redis
 * and announces when it is saved, so `GET`/`POST gen_title` answered by another instance (the
 * client asks right after the final event, wherever the load balancer sends it) waits for it too.
 */
export function shareTitles(titles: TitleService, link: RedisLink, log: FastifyBaseLogger) {
  const waiters = new Map<string, Set<() => void>>();
  const wake = (conversationId: string) => {
    for (const resolve of waiters.get(conversationId) ?? []) resolve();
    waiters.delete(conversationId);
  };
  link.subscribe(CHANNEL, (message) => wake((message as { conversationId: string }).conversationId));
  const fail = (err: unknown) => log.warn({ err }, 'sharing a title state failed');

  const shared: TitleService = {
    generate(req) {
      void link.redis.set(pendingKey(req.conversationId), link.instanceId, 'PX', PENDING_TTL_MS).catch(fail);
      const task = titles.generate(req);
      void task
        .then(async () => {
          await link.redis.del(pendingKey(req.conversationId));
          await link.publish(CHANNEL, { conversationId: req.conversationId });
        })
        .catch(fail);
      return task;
    },
    async settled(conversationId) {
      await titles.settled(conversationId);
      // Written by another instance: wait for its announcement (checked after listening, so an
      // announcement in between is not missed), at most as long as a title may take.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, PENDING_TTL_MS);
        function done(): void {
          clearTimeout(timer);
          waiters.get(conversationId)?.delete(done);
          resolve();
        }
        const set = waiters.get(conversationId) ?? new Set();
        set.add(done);
        waiters.set(conversationId, set);
        link.redis
          .exists(pendingKey(conversationId))
          .then((n) => {
            if (n === 0) done();
          })
          .catch((err: unknown) => {
            fail(err);
            done();
          });
      });
    },
  };
  return shared;
}
