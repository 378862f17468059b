// The google endpoint with a Vertex AI service account over HTTP: the server signs a JWT with
// the account's key (real RS256), exchanges it at the key's token_uri (the fake's /token, which
// verifies it) and calls the Vertex routes with the bearer token it got. The whole provider
// suite runs over Vertex AI, then what only Vertex AI has.
import { exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import type { EndpointDefinition, GoogleServiceAccount } from '../../config/app-config.js';
import { GOOGLE_SPEC } from '../../../test/support/google-spec.js';
import { VERTEX_ACCOUNT, VERTEX_LOCATION, providerUser } from '../../../test/support/provider-harness.js';
import { describeProviderChat } from '../../../test/support/provider-suite.js';
import { deltasOf, finalOf } from '../../../test/support/sse-client.js';
import { createCredentialsResolver } from '../credentials.js';
import { googleAdapter } from './adapter.js';
import { vertexBaseURL } from './vertex.js';
import { clearVertexTokens } from './vertex-token.js';

const chat = describeProviderChat({ ...GOOGLE_SPEC, vertex: true });
const VERTEX_PATH = `/v1/projects/${VERTEX_ACCOUNT.project_id}/locations/${VERTEX_LOCATION}/publishers/google/models`;

function vertexParts() {
  const { h } = chat();
  const account = h.endpoint.googleServiceAccount!;
  const model = h.endpoint.models[0]!;
  return {
    h,
    account,
    model,
    tokenRequests: () => h.fake.requests.filter((q) => q.path === '/token'),
    vertexCalls: () => h.fake.requests.filter((q) => q.path.startsWith(VERTEX_PATH)),
  };
}

describe('google with a Vertex AI service account', () => {
  it('fetches one token for two asks, and sends it (not an API key) to the Vertex route', async () => {
    const { h, model, tokenRequests, vertexCalls } = vertexParts();
    clearVertexTokens(); // the suite's asks above have a token cached
    const alice = await providerUser(h, 'Alice2');
    const before = tokenRequests().length;
    const r = await alice.ask({ text: 'Tell me [[fake reply="one two three four" tps=200]]' });
    expect(deltasOf(r.events.slice(1, -1)).join('')).toBe('one two three four');
    const second = await alice.ask({ text: 'Again [[fake reply="five six"]]' });
    expect(finalOf(second.events).responseMessage.text).toBe('five six');
    expect(tokenRequests().length - before).toBe(1);
    expect((tokenRequests().at(-1)!.body as Record<string, string>).grant_type).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
    const streamed = vertexCalls().filter((q) => q.path.endsWith(':streamGenerateContent'));
    for (const q of streamed.slice(-2)) {
      expect(q.url).toBe(`${VERTEX_PATH}/${model}:streamGenerateContent?alt=sse`);
      expect(q.headers.authorization).toMatch(/^Bearer ya29\.fake-/);
      expect(q.headers['x-goog-api-key']).toBeUndefined();
    }
  });

  it('titles with a one-shot request to the Vertex route', async () => {
    const { h, model, vertexCalls } = vertexParts();
    const bob = await providerUser(h, 'Bob');
    const final = finalOf(
      (await bob.ask({ text: 'What is the capital of Peru? [[fake reply="Lima."]]' })).events,
    );
    const res = await bob.api('/api/convos/gen_title', {
      body: { conversationId: final.conversation.conversationId },
    });
    expect(await res.json()).toEqual({ title: 'What is the capital of Peru?' });
    const title = vertexCalls()
      .filter((q) => q.path.endsWith(':generateContent'))
      .at(-1);
    expect(title?.path).toBe(`${VERTEX_PATH}/${model}:generateContent`);
    expect(title?.headers.authorization).toMatch(/^Bearer /);
  });

  it('a key Google refuses is an upstream_auth error event, saying why, never the key', async () => {
    const { h, vertexCalls } = vertexParts();
    const mallory = await providerUser(h, 'Mallory2', 'google-badkey');
    const before = vertexCalls().length;
    const r = await mallory.ask({ text: 'Hello' });
    const last = r.events.at(-1)!.data as { error?: boolean; code?: string; message?: string };
    expect(last).toMatchObject({ error: true, code: 'upstream_auth' });
    expect(last.message).toBe(
      `Google refused the service account ${VERTEX_ACCOUNT.client_email}: 400 invalid_grant: Invalid JWT Signature.`,
    );
    expect(vertexCalls().length).toBe(before); // no model request without a token
  });

  it('addresses Google’s Vertex AI host by location and project; a proxy replaces the origin', () => {
    const { account } = vertexParts();
    expect(vertexBaseURL(account, 'us-central1')).toBe(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/vertex-project/locations/us-central1/publishers/google',
    );
    expect(vertexBaseURL(account, undefined, 'http://proxy.internal:8080/vertex/')).toBe(
      'http://proxy.internal:8080/vertex/v1/projects/vertex-project/locations/us-central1/publishers/google',
    );
  });

  it('does not list Vertex AI models (the known list is offered)', async () => {
    const { h, account } = vertexParts();
    const creds = { apiKey: '', baseURL: h.fake.origin, googleServiceAccount: account };
    await expect(googleAdapter.listModels!(h.endpoint, creds, AbortSignal.timeout(3000))).rejects.toThrow(
      /not listed/,
    );
  });

  it('exchanges a user’s own service key at its token_uri only through the SSRF-guarded fetch', async () => {
    const { h, account, model, tokenRequests } = vertexParts();
    const mine: EndpointDefinition = { ...h.endpoint, userProvide: true };
    // A key of its own: no token of the server's account is cached for it.
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const own: GoogleServiceAccount = { ...account, private_key: await exportPKCS8(privateKey) };
    const resolver = createCredentialsResolver({
      get: () => Promise.resolve({ apiKey: '', googleServiceAccount: own }),
    });
    const creds = await resolver.resolve(mine, 'u1');
    expect(creds.fetch).toBeTypeOf('function');
    const before = tokenRequests().length;
    const events = [];
    const req = { model, messages: [{ role: 'user' as const, content: 'Hi' }] };
    await googleAdapter.load?.();
    for await (const e of googleAdapter.chat(mine, creds, {}).stream(req, AbortSignal.timeout(5000))) {
      events.push(e);
    }
    // The fake listens on 127.0.0.1, which the guard refuses: no token request reached it.
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'upstream_auth', message: expect.stringMatching(/token endpoint could not be reached/) },
    });
    expect(tokenRequests().length).toBe(before);
  });
});
