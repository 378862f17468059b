import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedisLinks, quietLogger } from '../../../test/support/redis.js';
import type { TitleService } from './service.js';
import { shareTitles } from './shared-titles.js';

/** A title service whose titles take `ms` to be written (the model and the save, stood in for). */
function slowTitles(ms: number): TitleService {
  const pending = new Map<string, Promise<string | null>>();
  return {
    generate(req) {
      const task = new Promise<string | null>((r) => setTimeout(() => r('A title'), ms));
      pending.set(req.conversationId, task);
      return task;
    },
    async settled(id) {
      await pending.get(id);
    },
  };
}

let redis: Awaited<ReturnType<typeof openTestRedisLinks>>;
beforeAll(async () => {
  redis = await openTestRedisLinks(2);
});
afterAll(() => redis.close());

describe('titles across instances', () => {
  it('another instance waits for a title being written, and not for one that is not', async () => {
    const a = shareTitles(slowTitles(400), redis.links[0]!, quietLogger());
    const b = shareTitles(slowTitles(0), redis.links[1]!, quietLogger());
    const request = {
      userId: 'u',
      conversationId: 'c1',
      endpointName: 'openAI',
      model: 'm',
      userText: 'q',
      replyText: 'r',
    };
    const started = Date.now();
    const writing = a.generate(request);
    await new Promise((r) => setTimeout(r, 50)); // the pending mark is written
    await b.settled('c1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await writing).toBe('A title');

    const idle = Date.now();
    await b.settled('c2');
    expect(Date.now() - idle).toBeLessThan(300);
  });
});
