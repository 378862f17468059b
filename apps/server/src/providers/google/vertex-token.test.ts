// The token exchange against the fake's /token over real HTTP, with real RS256 keys.
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeServer } from '@chat/fake-upstreams';
import type { GoogleServiceAccount } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { clearVertexTokens, vertexAccessToken } from './vertex-token.js';

const EMAIL = 'token-bot@vertex-project.iam.gserviceaccount.com';
let fake: FakeServer;
let shortLived: FakeServer;
let account: GoogleServiceAccount;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicPEM = await exportSPKI(publicKey);
  fake = await startFakeGemini({ vertex: { publicKey: publicPEM, clientEmail: EMAIL } });
  // Tokens that live less than the 5-minute renewal margin: every call exchanges again.
  shortLived = await startFakeGemini({ vertex: { publicKey: publicPEM, expiresIn: 200 } });
  account = {
    client_email: EMAIL,
    project_id: 'vertex-project',
    private_key: await exportPKCS8(privateKey),
    token_uri: `${fake.origin}/token`,
  };
});
afterAll(async () => {
  await fake.close();
  await shortLived.close();
});
beforeEach(() => {
  clearVertexTokens();
  fake.reset();
  shortLived.reset();
});

const exchanges = (server: FakeServer) => server.requests.filter((q) => q.path === '/token').length;

describe('vertexAccessToken', () => {
  it('exchanges once for concurrent callers, then answers from the cache', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => vertexAccessToken(account)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^ya29\.fake-/);
    expect(await vertexAccessToken(account)).toBe(tokens[0]);
    expect(exchanges(fake)).toBe(1);
    const form = fake.requests[0]!.body as Record<string, string>;
    expect(form.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.assertion!.split('.')).toHaveLength(3);
  });

  it('exchanges again when the token is within 5 minutes of expiring', async () => {
    const short = { ...account, token_uri: `${shortLived.origin}/token` };
    const first = await vertexAccessToken(short);
    const second = await vertexAccessToken(short);
    expect(second).not.toBe(first);
    expect(exchanges(shortLived)).toBe(2);
  });

  it('maps a refused exchange, a key that is no key and an unreachable endpoint to upstream_auth', async () => {
    const other = await exportPKCS8((await generateKeyPair('RS256', { extractable: true })).privateKey);
    const refused = await vertexAccessToken({ ...account, private_key: other }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'upstream_auth',
      message: `Google refused the service account ${EMAIL}: 400 invalid_grant: Invalid JWT Signature.`,
    });
    const notAKey = await vertexAccessToken({ ...account, private_key: 'x'.repeat(700) }).catch(
      (e: unknown) => e,
    );
    expect(notAKey).toMatchObject({
      code: 'upstream_auth',
      message: expect.stringMatching(/not a PKCS#8 RSA key/),
    });
    expect((notAKey as Error).message).not.toContain('xxxx');
    const gone = await vertexAccessToken({ ...account, token_uri: 'http://127.0.0.1:9/token' }).catch(
      (e: unknown) => e,
    );
    expect(gone).toMatchObject({
      code: 'upstream_auth',
      message: expect.stringMatching(/could not be reached/),
    });
    // A failure is not cached: the right key still gets its token.
    expect(await vertexAccessToken(account)).toMatch(/^ya29\.fake-/);
  });
});
