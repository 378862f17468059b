import { startFakeOpenAI, type FakeOpenAIOptions, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { NO_PARENT, type Message } from '@chat/contract';
import type { AppConfig, EndpointDefinition } from '../../src/config/app-config.js';
import { speechConfigFrom } from '../../src/features/speech/yaml.js';
import { authed, registerUser, startTestApp, type Harness, type TestUser } from './harness.js';
import { getSse, postSse, type SseOptions, type SseResult } from './sse-client.js';

export interface ChatHarness extends Harness {
  fake: FakeOpenAIServer;
}

export function fakeEndpoint(fake: FakeOpenAIServer): EndpointDefinition {
  return {
    name: 'openAI',
    type: 'openAI',
    apiKey: 'test',
    baseURL: fake.url,
    models: ['gpt-4o-mini'],
    titleModel: undefined,
    label: undefined,
    userProvide: false,
    isDemo: false,
  };
}

/** A custom endpoint on the same fake whose key each user brings ('byok'). */
export function byokEndpoint(fake: FakeOpenAIServer): EndpointDefinition {
  return {
    name: 'byok',
    type: 'custom',
    apiKey: '',
    baseURL: fake.url,
    models: ['gpt-4o-mini'],
    titleModel: undefined,
    label: undefined,
    userProvide: true,
    isDemo: false,
  };
}

/** librechat.yaml `speech` on the same fake's audio routes (TTS and STT), with the endpoint's key. */
function fakeSpeech(fake: FakeOpenAIServer): NonNullable<AppConfig['speech']> {
  return speechConfigFrom(
    {
      tts: { openai: { url: fake.url, apiKey: 'test', model: 'tts-1', voices: ['alloy'] } },
      stt: { openai: { url: fake.url, apiKey: 'test', model: 'whisper-1' } },
    },
    undefined,
    () => undefined,
  );
}

/**
 * The app plus a fake OpenAI upstream configured as its 'openAI' endpoint (server key) and its
 * 'byok' endpoint (users' own keys), and as its speech server (`speech`).
 */
export async function startChatApp(
  overrides: Partial<AppConfig> = {},
  deps: Parameters<typeof startTestApp>[1] = {},
  fakeOptions: FakeOpenAIOptions = {},
): Promise<ChatHarness> {
  const fake = await startFakeOpenAI(fakeOptions);
  const h = await startTestApp(
    { endpoints: [fakeEndpoint(fake), byokEndpoint(fake)], speech: fakeSpeech(fake), ...overrides },
    deps,
  );
  return {
    ...h,
    fake,
    async close() {
      await h.close();
      await fake.close();
    },
  };
}

/** Which endpoint and model a test user's asks go to (default: the fake OpenAI endpoint). */
export interface AskTarget {
  endpoint: string;
  model: string;
}
const OPENAI_TARGET: AskTarget = { endpoint: 'openAI', model: 'gpt-4o-mini' };

/** A signed-up user with helpers for the chat API. */
export async function chatUser(h: Harness, name = 'Chat User', target: AskTarget = OPENAI_TARGET) {
  const user: TestUser = await registerUser(h.url, name);
  const api = authed(h.url, user.token);
  return {
    user,
    api,
    ask(body: Record<string, unknown>, opts?: SseOptions, route: 'ask' | 'edit' = 'ask'): Promise<SseResult> {
      const path = `${h.url}/api/${route}/${encodeURIComponent(target.endpoint)}`;
      return postSse(path, user.token, askBody({ ...target, ...body }), opts);
    },
    /** GET /api/ask/stream/:conversationId (`lastEventId` goes in the Last-Event-ID header). */
    resume(
      conversationId: string,
      opts?: SseOptions & { lastEventId?: number | string },
    ): Promise<SseResult> {
      const headers: Record<string, string> =
        opts?.lastEventId === undefined ? {} : { 'last-event-id': String(opts.lastEventId) };
      return getSse(`${h.url}/api/ask/stream/${conversationId}`, user.token, headers, opts);
    },
    async messages(conversationId: string): Promise<Message[]> {
      const res = await api(`/api/messages/${conversationId}`);
      if (res.status !== 200) throw new Error(`messages: ${res.status}`);
      return (await res.json()) as Message[];
    },
  };
}

export function askBody(body: Record<string, unknown>): Record<string, unknown> {
  return {
    text: 'Hello',
    conversationId: null,
    parentMessageId: NO_PARENT,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    ...body,
  };
}

export { waitFor } from './wait.js';
