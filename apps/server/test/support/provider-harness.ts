import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
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

const PROVIDER_MODELS: Record<ProviderKind, string[]> = {
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

/** The service account of a Vertex AI harness (its project and e-mail; the key is generated). */
export const VERTEX_ACCOUNT = {
  client_email: 'chat-bot@vertex-project.iam.gserviceaccount.com',
  project_id: 'vertex-project',
};
export const VERTEX_LOCATION = 'europe-west4';

/** A fresh RSA key pair as a Google key file holds its private key (PKCS#8 PEM), and its public key. */
async function rsaKeyPEM(): Promise<{ privatePEM: string; publicPEM: string }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privatePEM: await exportPKCS8(privateKey), publicPEM: await exportSPKI(publicKey) };
}

/**
 * The google endpoint and its `-badkey` twin with a Vertex AI service account instead of an API
 * key: the fake checks the JWT of the account's key at `{origin}/token` and the bearer token on
 * its Vertex routes; the twin's key is another (the fake refuses its JWT).
 */
async function startVertex(
  fakeOptions: FakeServerOptions,
): Promise<{ fake: FakeServer; endpoint: EndpointDefinition; badKey: EndpointDefinition }> {
  const good = await rsaKeyPEM();
  const wrong = await rsaKeyPEM();
  const fake = await startFakeGemini({
    ...fakeOptions,
    vertex: { publicKey: good.publicPEM, clientEmail: VERTEX_ACCOUNT.client_email },
  });
  const account = { ...VERTEX_ACCOUNT, private_key: good.privatePEM, token_uri: `${fake.origin}/token` };
  const endpoint: EndpointDefinition = {
    ...fakeProviderEndpoint('google', fake),
    apiKey: '',
    baseURL: fake.origin, // GOOGLE_REVERSE_PROXY with a service account: Vertex AI's origin
    googleServiceAccount: account,
    googleLocation: VERTEX_LOCATION,
  };
  const badKey = {
    ...endpoint,
    name: 'google-badkey',
    googleServiceAccount: { ...account, private_key: wrong.privatePEM },
  };
  return { fake, endpoint, badKey };
}

export interface ProviderHarness extends Harness {
  kind: ProviderKind;
  fake: FakeServer;
  endpoint: EndpointDefinition;
}

/**
 * The app with an endpoint of `kind` (named as its type) pointed at that protocol's fake, which
 * checks the key, plus `{kind}-badkey`: the same endpoint with a key the fake refuses. `vertex`
 * (google only): a Vertex AI service account instead of an API key.
 */
export async function startProviderApp(
  kind: ProviderKind,
  overrides: Partial<AppConfig> = {},
  fakeOptions: FakeServerOptions = {},
  variant: { vertex?: boolean } = {},
): Promise<ProviderHarness> {
  let fake: FakeServer;
  let endpoint: EndpointDefinition;
  let badKey: EndpointDefinition;
  if (variant.vertex && kind === 'google') {
    ({ fake, endpoint, badKey } = await startVertex(fakeOptions));
  } else {
    fake = await startFake[kind]({ apiKey: FAKE_KEY, ...fakeOptions });
    endpoint = fakeProviderEndpoint(kind, fake);
    badKey = { ...endpoint, name: `${kind}-badkey`, apiKey: 'not-the-key' };
  }
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
