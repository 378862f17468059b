import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { EndpointDefinition } from '../config/app-config.js';
import { AppError } from '../platform/errors.js';
import { fakeEndpoint } from '../../test/support/chat-harness.js';
import { createCredentialsResolver, type UserKeyStore } from './credentials.js';
import { createProviderRegistry } from './registry.js';
import type { ChatProvider } from './types.js';

// The fake accepts only this key, so a reply proves which key reached the wire.
const USER_KEY = 'sk-user-own-key';
let fake: FakeOpenAIServer;
let serverKeyed: EndpointDefinition;
let userKeyed: EndpointDefinition;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: USER_KEY });
  serverKeyed = { ...fakeEndpoint(fake), apiKey: 'sk-server-key' };
  userKeyed = {
    ...fakeEndpoint(fake),
    name: 'mine',
    type: 'custom',
    apiKey: 'user_provided',
    baseURL: undefined,
    userProvide: true,
  };
});
afterAll(() => fake.close());

const keys = (byUser: Record<string, { apiKey: string; baseURL?: string }>): UserKeyStore => ({
  get: (userId, endpointName) => Promise.resolve(endpointName === 'mine' ? byUser[userId] : undefined),
});

async function reply(provider: ChatProvider) {
  const events = [];
  const req = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: '[[fake reply="ok"]]' }] };
  for await (const e of provider.stream(req, new AbortController().signal)) events.push(e);
  return events.at(-1);
}

describe('credentials resolver', () => {
  it("answers the server's key for a configured endpoint", async () => {
    const creds = await createCredentialsResolver().resolve(serverKeyed, 'u1');
    expect(creds).toEqual({ apiKey: 'sk-server-key', baseURL: fake.url });
  });

  it('refuses a user-provided endpoint the user has no key for, with an i18n key', async () => {
    const err = await createCredentialsResolver(keys({}))
      .resolve(userKeyed, 'u1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'no_user_key', status: 400 });
  });

  it("answers the user's key and base URL", async () => {
    const resolver = createCredentialsResolver(keys({ u1: { apiKey: USER_KEY, baseURL: fake.url } }));
    const creds = await resolver.resolve(userKeyed, 'u1');
    expect(creds).toMatchObject({ apiKey: USER_KEY, baseURL: fake.url });
    // The user's URL is reached only through the SSRF-guarded fetch.
    expect(creds.fetch).toBeTypeOf('function');
    // A URL set in config is not the user's to change.
    const fixed = { ...userKeyed, baseURL: 'http://configured.example/v1' };
    expect((await resolver.resolve(fixed, 'u1')).baseURL).toBe('http://configured.example/v1');
  });
});

describe('an endpoint that leaves only its base URL to the user (baseURL: user_provided)', () => {
  // The server's key is the one the fake accepts; the user brings only where it lives.
  const urlOnly = (): EndpointDefinition => ({
    ...userKeyed,
    apiKey: USER_KEY,
    userProvide: false,
    userProvideURL: true,
  });

  it("never sends the server's key to the user's base URL: the user's key is required", async () => {
    const before = fake.requests.length;
    const registry = createProviderRegistry(
      () => [urlOnly()],
      {},
      {
        credentials: createCredentialsResolver(keys({ u1: { apiKey: '', baseURL: fake.url } }), {
          allow: ['127.0.0.1'],
        }),
      },
    );
    await expect(registry.provider(registry.endpoint('mine'), 'u1')).rejects.toMatchObject({
      code: 'no_user_key',
    });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a user who has saved no base URL', async () => {
    const resolver = createCredentialsResolver(keys({ u1: { apiKey: 'k' } }));
    await expect(resolver.resolve({ ...urlOnly(), userProvide: true }, 'u1')).rejects.toMatchObject({
      code: 'no_user_key',
      message: 'No base URL set for the mine endpoint',
    });
    await expect(resolver.resolve(urlOnly(), 'u2')).rejects.toMatchObject({ code: 'no_user_key' });
  });
});

describe('registry: an adapter per request from resolved credentials', () => {
  it("sends the user's own key and base URL upstream", async () => {
    const registry = createProviderRegistry(
      () => [serverKeyed, userKeyed],
      {},
      {
        // The operator allows the fake's loopback address for users' URLs.
        credentials: createCredentialsResolver(keys({ u1: { apiKey: USER_KEY, baseURL: fake.url } }), {
          allow: ['127.0.0.1'],
        }),
      },
    );
    const endpoint = registry.endpoint('mine');
    expect(await reply(await registry.provider(endpoint, 'u1'))).toMatchObject({ type: 'finish' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    // The server's key is not the user's: the fake refuses it.
    const server = await registry.provider(registry.endpoint('openAI'), 'u1');
    expect(await reply(server)).toMatchObject({ type: 'error', error: { code: 'upstream_auth' } });
    await expect(registry.provider(endpoint, 'u2')).rejects.toMatchObject({ code: 'no_user_key' });
  });

  it('reuses one adapter per set of credentials', async () => {
    const registry = createProviderRegistry(
      () => [serverKeyed, userKeyed],
      {},
      {
        credentials: createCredentialsResolver(
          keys({ u1: { apiKey: 'k1', baseURL: fake.url }, u2: { apiKey: 'k2', baseURL: fake.url } }),
        ),
      },
    );
    const server = registry.endpoint('openAI');
    expect(await registry.provider(server, 'u1')).toBe(await registry.provider(server, 'u2'));
    const mine = registry.endpoint('mine');
    expect(await registry.provider(mine, 'u1')).toBe(await registry.provider(mine, 'u1'));
    expect(await registry.provider(mine, 'u1')).not.toBe(await registry.provider(mine, 'u2'));
  });
});
