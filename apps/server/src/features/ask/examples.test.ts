import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatApp();
});
afterAll(() => h.close());

describe("a conversation's examples", () => {
  it('are Google’s: an OpenAI endpoint is sent the conversation alone, and the examples stay saved', async () => {
    const user = await chatUser(h);
    const examples = [{ input: { content: 'Marco?' }, output: { content: 'Polo.' } }];
    await user.ask({ text: 'Hello', examples });
    const body = h.fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body as {
      messages: { role: string; content: unknown }[];
    };
    expect(body.messages).toEqual([{ role: 'user', content: 'Hello' }]);
    const convos = (await (await user.api('/api/convos?pageNumber=1')).json()) as {
      conversations: { examples?: unknown }[];
    };
    expect(convos.conversations[0]?.examples).toEqual(examples);
  });
});
