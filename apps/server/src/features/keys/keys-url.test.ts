import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { userURLFetch } from '../../providers/credentials.js';
import { askBody, byokEndpoint, chatUser } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

// A custom endpoint whose base URL each user brings (baseURL: user_provided). The operator allows
// 127.0.0.1 (where the fake runs); anything private beyond the allow list is refused.
let fake: FakeOpenAIServer;
let h: Harness;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  h = await startTestApp({
    endpoints: [{ ...byokEndpoint(fake), baseURL: undefined, userProvideURL: true }],
    userURLPolicy: { allow: ['127.0.0.1'] },
  });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe("a user's own base URL", () => {
  it('is used for the user’s requests, through the guarded fetch', async () => {
    const eve = await chatUser(h, 'Eve');
    const value = JSON.stringify({ apiKey: 'sk-eve', baseURL: fake.url });
    const saved = await eve.api('/api/keys', {
      method: 'PUT',
      body: { name: 'byok', value, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(saved.status).toBe(200);
    const res = await postSse(`${h.url}/api/ask/custom`, eve.user.token, {
      ...askBody({ text: 'Through my own server' }),
      endpoint: 'byok',
    });
    expect(finalOf(res.events)).toMatchObject({ final: true });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-eve');
  });

  it('is refused when it points at a private address the operator did not allow', async () => {
    const eve = await chatUser(h, 'Eve 2');
    const value = JSON.stringify({ apiKey: 'sk-eve', baseURL: 'http://10.1.2.3:8080/v1' });
    const saved = await eve.api('/api/keys', {
      method: 'PUT',
      body: { name: 'byok', value, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(saved.status).toBe(400);
    expect(await saved.json()).toMatchObject({ code: 'validation_error' });
  });

  it('is checked again when the adapter connects, with the same policy', async () => {
    const guarded = userURLFetch({});
    await expect(guarded(`${fake.url}/models`)).rejects.toThrow(/not allowed/);
    const allowed = userURLFetch({ allow: ['127.0.0.1'] });
    expect((await allowed(`${fake.url}/models`)).status).toBe(200);
  });
});
