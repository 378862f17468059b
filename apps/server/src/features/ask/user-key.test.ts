import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { ApiErrorBody } from '@chat/contract';
import { chatUser, fakeEndpoint } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';

// An endpoint whose key each user brings (OPENAI_API_KEY=user_provided): until user keys can be
// saved, an ask is refused before anything is saved or sent, with the text key of no_user_key,
// instead of sending the placeholder "user_provided" upstream as a key.
let fake: FakeOpenAIServer;
let h: Harness;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  h = await startTestApp({
    endpoints: [{ ...fakeEndpoint(fake), apiKey: 'user_provided', userProvide: true }],
  });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe('a user-provided endpoint without the user key', () => {
  it('answers no_user_key and sends nothing upstream', async () => {
    const dana = await chatUser(h, 'Dana');
    const r = await dana.ask({ text: 'Hi' });
    expect(r.status).toBe(400);
    expect((r.json as ApiErrorBody).code).toBe('no_user_key');
    expect(fake.requests).toHaveLength(0);
    const convos = (await (await dana.api('/api/convos?pageNumber=1')).json()) as {
      conversations: unknown[];
    };
    expect(convos.conversations).toEqual([]);
  });
});
