// The google endpoint with a Vertex AI service account over HTTP: the server signs a JWT with
// the account's key (real RS256), exchanges it at the key's token_uri (the fake's /token, which
// verifies it) and calls the Vertex routes with the bearer token it got.
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeServer } from '@chat/fake-upstreams';
import type { EndpointDefinition, GoogleServiceAccount } from '../../config/app-config.js';
import { chatUser } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { PROVIDER_MODELS } from '../../../test/support/provider-harness.js';
import { deltasOf, finalOf } from '../../../test/support/sse-client.js';
import { createCredentialsResolver } from '../credentials.js';
import { googleAdapter } from './adapter.js';
import { vertexBaseURL } from './vertex.js';

const EMAIL = 'chat-bot@vertex-project.iam.gserviceaccount.com';
const PROJECT = 'vertex-project';
const LOCATION = 'europe-west4';
const MODEL = PROVIDER_MODELS.google[0]!;
const VERTEX_PATH = `/v1/projects/${PROJECT}/locations/${LOCATION}/publishers/google/models`;

let fake: FakeServer;
let h: Harness;
let account: GoogleServiceAccount;

async function privateKeyPEM(): Promise<{ pem: string; publicPEM: string }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { pem: await exportPKCS8(privateKey), publicPEM: await exportSPKI(publicKey) };
}

function vertexEndpoint(name: string, serviceAccount: GoogleServiceAccount): EndpointDefinition {
  return {
    name,
    type: 'google',
    apiKey: '',
    baseURL: fake.origin, // GOOGLE_REVERSE_PROXY: Vertex AI's origin
    models: PROVIDER_MODELS.google,
    titleModel: undefined,
    label: undefined,
    userProvide: false,
    isDemo: false,
    googleServiceAccount: serviceAccount,
    googleLocation: LOCATION,
  };
}

const tokenRequests = () => fake.requests.filter((q) => q.path === '/token');
const vertexCalls = () => fake.requests.filter((q) => q.path.startsWith(VERTEX_PATH));
beforeAll(async () => {
  const good = await privateKeyPEM();
  const wrong = await privateKeyPEM();
  fake = await startFakeGemini({ vertex: { publicKey: good.publicPEM, clientEmail: EMAIL } });
  account = {
    client_email: EMAIL,
    project_id: PROJECT,
    private_key: good.pem,
    token_uri: `${fake.origin}/token`,
  };
  h = await startTestApp({
    endpoints: [
      vertexEndpoint('google', account),
      // The same account with a key that is not its own: Google refuses the JWT.
      vertexEndpoint('google-badkey', { ...account, private_key: wrong.pem }),
    ],
  });
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

describe('google with a Vertex AI service account', () => {
  it('streams a reply from Vertex AI, fetching one token for two asks', async () => {
    const alice = await chatUser(h, 'Alice', { endpoint: 'google', model: MODEL });
    const before = tokenRequests().length;
    const r = await alice.ask({ text: 'Tell me [[fake reply="one two three four" tps=200]]' });
    expect(r.status).toBe(200);
    const deltas = deltasOf(r.events.slice(1, -1));
    expect(deltas.join('')).toBe('one two three four');
    expect(deltas.length).toBeGreaterThan(1);
    const final = finalOf(r.events);
    expect(final.responseMessage).toMatchObject({ text: 'one two three four', error: false });
    expect(final.conversation).toMatchObject({ endpoint: 'google', model: MODEL });

    const second = await alice.ask({ text: 'Again [[fake reply="five six"]]' });
    expect(finalOf(second.events).responseMessage.text).toBe('five six');
    // Two asks (and their titles, asked in the background), one exchange: the token is cached.
    expect(tokenRequests().length - before).toBe(1);
    const token = tokenRequests().at(-1)!.body as Record<string, string>;
    expect(token.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const streamed = vertexCalls().filter((q) => q.path.endsWith(':streamGenerateContent'));
    expect(streamed.length).toBeGreaterThanOrEqual(2);
    for (const q of streamed.slice(-2)) {
      expect(q.url).toBe(`${VERTEX_PATH}/${MODEL}:streamGenerateContent?alt=sse`);
      expect(q.headers.authorization).toMatch(/^Bearer ya29\.fake-/);
      expect(q.headers['x-goog-api-key']).toBeUndefined();
    }
  });

  it('titles a new conversation with a one-shot Vertex AI request', async () => {
    const bob = await chatUser(h, 'Bob', { endpoint: 'google', model: MODEL });
    const final = finalOf(
      (await bob.ask({ text: 'What is the capital of France? [[fake reply="Paris."]]' })).events,
    );
    const res = await bob.api('/api/convos/gen_title', {
      body: { conversationId: final.conversation.conversationId },
    });
    expect(await res.json()).toEqual({ title: 'What is the capital of France?' });
    // The only one-shot request: chat replies stream.
    const title = vertexCalls()
      .filter((q) => q.path.endsWith(':generateContent'))
      .at(-1);
    expect(title?.body).toMatchObject({
      systemInstruction: { parts: [{ text: expect.stringMatching(/title/i) }] },
    });
    expect(title?.path).toBe(`${VERTEX_PATH}/${MODEL}:generateContent`);
    expect(title?.headers.authorization).toMatch(/^Bearer /);
  });

  it('a key Google refuses is an upstream_auth error event, saying why, never the key', async () => {
    const mallory = await chatUser(h, 'Mallory', { endpoint: 'google-badkey', model: MODEL });
    const before = vertexCalls().length;
    const r = await mallory.ask({ text: 'Hello' });
    const last = r.events.at(-1)!.data as { error?: boolean; code?: string; message?: string };
    expect(last).toMatchObject({ error: true, code: 'upstream_auth' });
    expect(last.message).toMatch(new RegExp(`refused the service account ${EMAIL}: 400 invalid_grant`));
    expect(last.message).not.toMatch(/PRIVATE KEY|ya29/);
    expect(vertexCalls().length).toBe(before); // no model request without a token
  });

  it('addresses Google’s Vertex AI host by location and project when no proxy is set', () => {
    expect(vertexBaseURL(account, 'us-central1')).toBe(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/vertex-project/locations/us-central1/publishers/google',
    );
    expect(vertexBaseURL(account, undefined, 'http://proxy.internal:8080/vertex/')).toBe(
      'http://proxy.internal:8080/vertex/v1/projects/vertex-project/locations/us-central1/publishers/google',
    );
  });

  it('does not list Vertex AI models (the known list is offered)', async () => {
    const listing = googleAdapter.listModels!(
      vertexEndpoint('google', account),
      { apiKey: '', baseURL: fake.origin, googleServiceAccount: account },
      AbortSignal.timeout(3000),
    );
    await expect(listing).rejects.toThrow(/not listed/);
  });

  it('exchanges a user’s own service key at its token_uri only through the SSRF-guarded fetch', async () => {
    const mine: EndpointDefinition = { ...vertexEndpoint('google', account), userProvide: true };
    // A key of its own: no token of the server's account is cached for it.
    const own = { ...account, private_key: (await privateKeyPEM()).pem };
    const resolver = createCredentialsResolver({
      get: () => Promise.resolve({ apiKey: '', googleServiceAccount: own }),
    });
    const creds = await resolver.resolve(mine, 'u1');
    expect(creds.fetch).toBeTypeOf('function');
    const before = tokenRequests().length;
    const events = [];
    const req = { model: MODEL, messages: [{ role: 'user' as const, content: 'Hi' }] };
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
