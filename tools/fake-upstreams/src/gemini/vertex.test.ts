// The fake's Vertex AI side over real HTTP: the JWT-bearer token endpoint checks what Google's
// does (signature, iss, aud, scope, lifetime), and the Vertex routes take only the tokens it issued.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeServer } from '../index.js';
import { VERTEX_SCOPE } from './vertex.js';

const EMAIL = 'bot@fake-project.iam.gserviceaccount.com';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeGemini({
    apiKey: 'gm-key',
    vertex: { publicKey: keys.publicKey, clientEmail: EMAIL },
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An RS256 JWT, signed with node:crypto (the server signs with jose: two implementations meet). */
function jwt(claims: Record<string, unknown>, key: KeyObject = keys.privateKey): string {
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
    iss: EMAIL,
    aud: `${fake.origin}/token`,
    scope: VERTEX_SCOPE,
    iat: now,
    exp: now + 3600,
    ...claims,
  })}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

async function exchange(assertion: string, grantType = 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
  const res = await fetch(`${fake.origin}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grantType, assertion }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const vertexURL = (model: string, method: string) =>
  `${fake.origin}/v1/projects/fake-project/locations/us-central1/publishers/google/models/${model}:${method}`;
const contents = (text: string) => JSON.stringify({ contents: [{ role: 'user', parts: [{ text }] }] });

describe('the fake Vertex AI token endpoint', () => {
  it('issues a bearer token for a JWT the account’s key signed', async () => {
    const { status, body } = await exchange(jwt({}));
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token).toEqual(expect.any(String));
  });

  it.each([
    ['another key’s signature', () => jwt({}, other.privateKey), 'invalid_grant'],
    ['another issuer', () => jwt({ iss: 'eve@x.iam.gserviceaccount.com' }), 'invalid_grant'],
    ['another audience', () => jwt({ aud: 'https://oauth2.googleapis.com/token' }), 'invalid_grant'],
    ['another scope', () => jwt({ scope: 'openid' }), 'invalid_scope'],
    ['an expired JWT', () => jwt({ iat: 1, exp: 2 }), 'invalid_grant'],
    ['no JWT at all', () => 'not-a-jwt', 'invalid_request'],
  ])('refuses %s (400 %s)', async (_name, make, error) => {
    const { status, body } = await exchange(make());
    expect(status).toBe(400);
    expect(body.error).toBe(error);
    expect(body.access_token).toBeUndefined();
  });

  it('refuses another grant type', async () => {
    expect((await exchange(jwt({}), 'client_credentials')).body.error).toBe('unsupported_grant_type');
  });
});

describe('the fake Vertex AI routes', () => {
  it('stream and answer with an issued token, in Gemini’s wire format', async () => {
    const token = (await exchange(jwt({}))).body.access_token as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const streamed = await fetch(`${vertexURL('gemini-2.5-flash', 'streamGenerateContent')}?alt=sse`, {
      method: 'POST',
      headers,
      body: contents('Hi [[fake reply="one two"]]'),
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/text\/event-stream/);
    const sse = await streamed.text();
    expect(sse).toContain('"text":"one"');
    expect(sse).toContain('"finishReason":"STOP"');
    const once = await fetch(vertexURL('gemini-pro', 'generateContent'), {
      method: 'POST',
      headers,
      body: contents('Hi [[fake reply="Just this."]]'),
    });
    const body = (await once.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(body.candidates[0]!.content.parts[0]!.text).toBe('Just this.');
    expect(fake.requests.at(-1)!.path).toBe(
      '/v1/projects/fake-project/locations/us-central1/publishers/google/models/gemini-pro:generateContent',
    );
  });

  it('refuse no token, a token it never issued, and an API key (401 UNAUTHENTICATED)', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer ya29.made-up' },
      { 'x-goog-api-key': 'gm-key' },
    ] as Record<string, string>[]) {
      const res = await fetch(vertexURL('gemini-pro', 'generateContent'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: contents('Hi'),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    }
  });

  it('leave the Gemini API keyed as before', async () => {
    const res = await fetch(`${fake.url}/models`, { headers: { 'x-goog-api-key': 'gm-key' } });
    expect(res.status).toBe(200);
    expect((await fetch(`${fake.url}/models`)).status).toBe(403);
  });
});

describe('a fake without vertex options', () => {
  it('has no token endpoint', async () => {
    const plain = await startFakeGemini({});
    try {
      const res = await fetch(`${plain.origin}/token`, { method: 'POST' });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
