import {
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
  type FakeServer,
  type FakeServerOptions,
} from '@chat/fake-upstreams';
import type { AppConfig, EndpointDefinition } from '../../src/config/app-config.js';
import { chatUser, type AskTarget } from './chat-harness.js';
import { startTestApp, type Harness } from './harness.js';

/** The endpoint types that have their own protocol besides OpenAI's. */
export type ProviderKind = 'anthropic' | 'google' | 'azureOpenAI';

/** The key the fakes expect; the `-badkey` endpoint sends another. */
export const FAKE_KEY = 'fake-provider-key';

export const PROVIDER_MODELS: Record<ProviderKind, string[]> = {
  anthropic: ['claude-sonnet-4-6', 'claude-haiku-4-5'],
  google: ['gemini-2.5-flash', 'gemini-pro'],
  azureOpenAI: ['gpt-4o'],
};

const startFake: Record<ProviderKind, (opts: FakeServerOptions) => Promise<FakeServer>> = {
  anthropic: startFakeAnthropic,
  google: startFakeGemini,
  azureOpenAI: startFakeOpenAI,
};

/** An endpoint of `kind` pointed at its fake (Azure: the deployments under `{origin}/openai`). */
export function fakeProviderEndpoint(kind: ProviderKind, fake: FakeServer): EndpointDefinition {
  return {
    name: kind,
    type: kind,
    apiKey: FAKE_KEY,
    baseURL: kind === 'azureOpenAI' ? `${fake.origin}/openai` : fake.url,
    models: PROVIDER_MODELS[kind],
    titleModel: undefined,
    label: undefined,
    userProvide: false,
    isDemo: false,
    ...(kind === 'azureOpenAI'
      ? {
          azure: {
            instanceName: 'fake-instance',
            deploymentName: 'chat-deployment',
            apiVersion: '2024-10-21',
          },
        }
      : {}),
  };
}

export interface ProviderHarness extends Harness {
  kind: ProviderKind;
  fake: FakeServer;
  endpoint: EndpointDefinition;
}

/**
 * The app with an endpoint of `kind` (named as its type) pointed at that protocol's fake, which
 * checks the key, plus `{kind}-badkey`: the same endpoint with a key the fake refuses.
 */
export async function startProviderApp(
  kind: ProviderKind,
  overrides: Partial<AppConfig> = {},
  fakeOptions: FakeServerOptions = {},
): Promise<ProviderHarness> {
  const fake = await startFake[kind]({ apiKey: FAKE_KEY, ...fakeOptions });
  const endpoint = fakeProviderEndpoint(kind, fake);
  const badKey = { ...endpoint, name: `${kind}-badkey`, apiKey: 'not-the-key' };
  const h = await startTestApp({ endpoints: [endpoint, badKey], ...overrides });
  return {
    ...h,
    kind,
    fake,
    endpoint,
    async close() {
      await h.close();
      await fake.close();
    },
  };
}

/** A signed-up user whose asks go to the harness's endpoint (or `endpoint`) and its first model. */
export function providerUser(h: ProviderHarness, name: string, endpoint = h.endpoint.name) {
  const target: AskTarget = { endpoint, model: h.endpoint.models[0]! };
  return chatUser(h, name, target);
}
