import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ModelConfig } from '@chat/contract';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  chatUser,
  fakeEndpoint,
  startChatApp,
  type ChatHarness,
} from '../../../test/support/chat-harness.js';
import { registerUser, authed, startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

const OPERATOR = 'Operator@Example.com';
let h: ChatHarness;
let operator: ReturnType<typeof authed>;
let user: Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  h = await startChatApp({ adminEmail: OPERATOR });
  // Another account registered first (it gets the ADMIN role): the operator is ADMIN_EMAIL's.
  user = await chatUser(h, 'First');
  operator = authed(h.url, (await registerUser(h.url, 'Operator', 'operator@example.com')).token);
});
afterAll(() => h.close());

const lastChat = () => h.fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;

describe('model configs', () => {
  it("are the operator's only: 403 for anyone else, even an ADMIN", async () => {
    for (const res of [
      await user.api('/api/model-configs/gpt-4o-mini'),
      await user.api('/api/model-configs/gpt-4o-mini', { method: 'PATCH', body: { prefill: 'x' } }),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as ApiErrorBody).code).toBe('forbidden');
    }
  });

  it('answer an empty config for a model never configured, and save a partial update', async () => {
    const none = await operator('/api/model-configs/gpt-4o-mini');
    expect(await none.json()).toEqual({ name: 'gpt-4o-mini', jailbreakPrompt: '', prefill: '' });
    const saved = await operator('/api/model-configs/gpt-4o-mini', {
      method: 'PATCH',
      body: { jailbreakPrompt: 'Answer like a pirate.' },
    });
    expect(await saved.json()).toEqual({
      name: 'gpt-4o-mini',
      jailbreakPrompt: 'Answer like a pirate.',
      prefill: '',
    });
    const both = await operator('/api/model-configs/gpt-4o-mini', {
      method: 'PATCH',
      body: { prefill: 'Arr,' },
    });
    expect((await both.json()) as ModelConfig).toEqual({
      name: 'gpt-4o-mini',
      jailbreakPrompt: 'Answer like a pirate.',
      prefill: 'Arr,',
    });
  });

  it('shape every request for that model: system prompt first, prefill last; nothing of it saved', async () => {
    const res = await user.ask({ text: 'Hello there', promptPrefix: 'Be brief.' });
    const final = finalOf(res.events);
    const body = lastChat().body as { messages: { role: string; content: unknown }[] };
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Answer like a pirate.\n\nBe brief.' });
    expect(body.messages.at(-2)).toMatchObject({ role: 'user' });
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: 'Arr,' });
    const saved = await user.messages(final.conversation.conversationId);
    expect(saved.map((m) => m.text).join(' ')).not.toContain('pirate');
  });

  it('stop applying once cleared', async () => {
    await operator('/api/model-configs/gpt-4o-mini', {
      method: 'PATCH',
      body: { jailbreakPrompt: '', prefill: '' },
    });
    await user.ask({ text: 'Hello again' });
    const body = lastChat().body as { messages: { role: string; content: unknown }[] };
    expect(body.messages).toEqual([{ role: 'user', content: 'Hello again' }]);
  });
});

describe('the configurable unfiltered models', () => {
  let fake: FakeOpenAIServer;
  let app: Harness;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    app = await startTestApp({
      adminEmail: OPERATOR,
      endpoints: [{ ...fakeEndpoint(fake), models: ['gpt-4o-mini', 'gpt-4.1'] }],
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('keep their config under the unfiltered key, which applies to requests for the real model', async () => {
    await chatUser(app, 'First');
    const op = authed(app.url, (await registerUser(app.url, 'Operator', 'operator@example.com')).token);
    const saved = await op('/api/model-configs/gpt-4.1-unfiltered', {
      method: 'PATCH',
      body: { jailbreakPrompt: 'No filter here.' },
    });
    expect(((await saved.json()) as ModelConfig).name).toBe('gpt-4.1-unfiltered');
    const person = await chatUser(app, 'Person', { endpoint: 'openAI', model: 'gpt-4.1' });
    await person.ask({ text: 'Hi' });
    const body = fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body as {
      model: string;
      messages: { role: string; content: unknown }[];
    };
    expect(body.model).toBe('gpt-4.1');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'No filter here.' });
  });
});
