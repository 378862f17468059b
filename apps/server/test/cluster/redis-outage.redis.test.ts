import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { ApiErrorBody } from '@chat/contract';
import { askBody } from '../support/chat-harness.js';
import { registerUser } from '../support/harness.js';
import { startOwnRedis } from '../support/own-redis.js';
import { finalOf, postSse } from '../support/sse-client.js';
import { killStarted, type ServerProcess } from '../crash/processes.js';
import { createCluster, type Cluster } from './instances.js';

/**
 * An instance whose Redis (the test's own) is away: a send that needs Redis answers 503
 * service_unavailable with Retry-After, as while the database is away, not 500 internal; once
 * Redis is back (empty) the same send works, without a restart.
 */
let fake: FakeOpenAIServer;
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let cluster: Cluster;
let server: ServerProcess;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  redis = await startOwnRedis();
  cluster = await createCluster(fake.url, {
    REDIS_URL: redis.url,
    LIMIT_CONCURRENT_MESSAGES: 'true',
    LIMIT_MESSAGE_USER: 'false',
    LIMIT_MESSAGE_IP: 'false',
  });
  server = await cluster.start();
}, 150_000);
afterAll(async () => {
  killStarted();
  await fake.close();
  await cluster.remove();
  await redis.stop();
});

describe('Redis away', () => {
  it('a send answers 503 service_unavailable with Retry-After, and works again once Redis is back', async () => {
    const user = await registerUser(server.url, 'Redis Away');
    await redis.kill();
    const refused = await postSse(
      `${server.url}/api/ask/openAI`,
      user.token,
      askBody({ text: 'Hello while Redis is away' }),
    );
    expect({ status: refused.status, code: (refused.json as ApiErrorBody | undefined)?.code }).toEqual({
      status: 503,
      code: 'service_unavailable',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    await redis.start();
    fake.enqueue({ reply: 'Back again' });
    // The instance reconnects within about a second; a send is tried until it is taken.
    let text = '';
    for (let i = 0; i < 50 && !text; i++) {
      const r = await postSse(`${server.url}/api/ask/openAI`, user.token, askBody({ text: 'Hello again' }));
      text = r.events.length > 0 ? (finalOf(r.events).responseMessage?.text ?? '') : '';
      if (!text) await new Promise((done) => setTimeout(done, 200));
    }
    expect(text).toBe('Back again');
  }, 60_000);
});
