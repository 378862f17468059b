// LibreChat's provider settings of the .env, read from the environment and seen by the fake
// upstreams over real HTTP: OPENAI_ORGANIZATION, OPENAI_FORCE_PROMPT, GOOGLE_TITLE_MODEL; and
// DEBUG_CONSOLE's log level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeGemini,
  startFakeOpenAI,
  type FakeOpenAIServer,
  type FakeServer,
} from '@chat/fake-upstreams';
import { isFinalEvent } from '@chat/contract';
import { endpointsFromEnv } from './app-config.js';
import { logLevelOf, parseEnv } from './env.js';
import { chatUser } from '../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../test/support/harness.js';

const GEMINI_KEY = 'fake-gemini-key';

describe("LibreChat's provider settings", () => {
  let openai: FakeOpenAIServer;
  let gemini: FakeServer;
  let h: Harness;
  beforeAll(async () => {
    openai = await startFakeOpenAI();
    gemini = await startFakeGemini({ apiKey: GEMINI_KEY });
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all([openai.close(), gemini.close()]);
  });

  /** The app with the endpoints `env` configures. */
  async function start(env: Record<string, string>): Promise<void> {
    await h?.close();
    h = await startTestApp({ endpoints: endpointsFromEnv(parseEnv(env)) });
  }

  it('OPENAI_ORGANIZATION goes with every OpenAI request as OpenAI-Organization', async () => {
    await start({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_REVERSE_PROXY: openai.url,
      OPENAI_MODELS: 'gpt-4o-mini',
      OPENAI_ORGANIZATION: 'org-acme42',
    });
    openai.reset();
    const u = await chatUser(h, 'Org user');
    const res = await u.ask({ text: 'Hello' });
    expect(isFinalEvent(res.events.at(-1)!.data)).toBe(true);
    const chat = openai.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chat.length).toBeGreaterThan(0);
    for (const r of chat) expect(r.headers['openai-organization']).toBe('org-acme42');
  });

  it('no OPENAI_ORGANIZATION: no such header', async () => {
    await start({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_REVERSE_PROXY: openai.url,
      OPENAI_MODELS: 'gpt-4o-mini',
    });
    openai.reset();
    const u = await chatUser(h, 'No org');
    await u.ask({ text: 'Hello' });
    expect(openai.requests.length).toBeGreaterThan(0);
    for (const r of openai.requests) expect(r.headers['openai-organization']).toBeUndefined();
  });

  it('OPENAI_FORCE_PROMPT sends a prompt to /completions instead of chat messages', async () => {
    await start({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_REVERSE_PROXY: openai.url,
      OPENAI_MODELS: 'gpt-3.5-turbo-instruct',
      OPENAI_FORCE_PROMPT: 'true',
      TITLE_CONVO: 'false',
    });
    openai.reset();
    const u = await chatUser(h, 'Prompt user', { endpoint: 'openAI', model: 'gpt-3.5-turbo-instruct' });
    const res = await u.ask({ text: 'Hello there' });
    expect(isFinalEvent(res.events.at(-1)!.data), JSON.stringify(res.events.at(-1))).toBe(true);
    const paths = openai.requests.map((r) => r.path);
    expect(paths).toContain('/v1/completions');
    expect(paths).not.toContain('/v1/chat/completions');
    const sent = openai.requests.find((r) => r.path === '/v1/completions')!.body as { prompt?: unknown };
    expect(String(sent.prompt)).toContain('Hello there');
  });

  it('GOOGLE_TITLE_MODEL writes the google endpoint’s titles', async () => {
    await start({
      GOOGLE_KEY: GEMINI_KEY,
      GOOGLE_REVERSE_PROXY: gemini.url,
      GOOGLE_MODELS: 'gemini-2.5-flash,gemini-pro',
      GOOGLE_TITLE_MODEL: 'gemini-pro',
    });
    gemini.reset();
    const u = await chatUser(h, 'Gemini user', { endpoint: 'google', model: 'gemini-2.5-flash' });
    const res = await u.ask({ text: 'Tell me about zebras' });
    expect(isFinalEvent(res.events.at(-1)!.data)).toBe(true);
    await expect
      .poll(() => gemini.requests.map((r) => r.path).filter((p) => p.includes('/models/gemini-pro:')))
      .toHaveLength(1);
    // The reply itself went to the conversation's model.
    expect(gemini.requests.some((r) => r.path.includes('/models/gemini-2.5-flash:'))).toBe(true);
  });
});

describe('DEBUG_CONSOLE', () => {
  it("makes debug the log level unless LOG_LEVEL says otherwise; LibreChat's default is off", () => {
    expect(logLevelOf(parseEnv({}))).toBe('info');
    expect(logLevelOf(parseEnv({ DEBUG_CONSOLE: 'true' }))).toBe('debug');
    expect(logLevelOf(parseEnv({ DEBUG_CONSOLE: 'true', LOG_LEVEL: 'warn' }))).toBe('warn');
    expect(logLevelOf(parseEnv({ DEBUG_CONSOLE: 'false', LOG_LEVEL: 'trace' }))).toBe('trace');
  });
});
