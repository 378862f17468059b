/**
 * The ports of one e2e run, from E2E_APP_PORT and E2E_FAKE_PORT (so parallel runs on one machine
 * do not collide): the app, the OpenAI fake (which also serves Azure OpenAI's deployment paths) and
 * the Anthropic and Gemini fakes two and three ports above it. Read by the config and the specs.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3180);
export const FAKE_PORT = Number(process.env.E2E_FAKE_PORT ?? 3181);
export const ANTHROPIC_FAKE_PORT = FAKE_PORT + 2;
export const GEMINI_FAKE_PORT = FAKE_PORT + 3;

export const FAKE_ORIGINS = {
  openai: `http://127.0.0.1:${FAKE_PORT}`,
  anthropic: `http://127.0.0.1:${ANTHROPIC_FAKE_PORT}`,
  gemini: `http://127.0.0.1:${GEMINI_FAKE_PORT}`,
} as const;
export type FakeName = keyof typeof FAKE_ORIGINS;
