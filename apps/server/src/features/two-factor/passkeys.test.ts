import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TWO_FACTOR_TEXTS,
  type ApiErrorBody,
  type AuthResponse,
  type Passkey,
  type PasskeyChallengeResponse,
  type TwoFactorEnableResponse,
} from '@chat/contract';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { SoftAuthenticator } from '../../../test/support/soft-authenticator.js';
import { totpCode } from './totp.js';

/** Passkeys over HTTP with a software authenticator (ES256, user verified) at DOMAIN_CLIENT's origin. */
const ORIGIN = 'http://localhost:3080';

let h: Harness;
beforeAll(async () => {
  h = await startTestApp({ clientOrigin: ORIGIN });
});
afterAll(() => h.close());

const post = (path: string, body: unknown = {}) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

type Options = PasskeyChallengeResponse & {
  options: { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string } };
};

/** A user with a passkey registered through the API. */
async function withPasskey(name: string) {
  const user = await registerUser(h.url, name);
  const api = authed(h.url, user.token);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const started = (await (
    await api('/api/auth/passkeys/register/options', { method: 'POST' })
  ).json()) as Options;
  const res = await api('/api/auth/passkeys/register', {
    body: {
      challengeId: started.challengeId,
      response: authenticator.create(started.options),
      name: 'Laptop',
    },
  });
  expect(res.status).toBe(200);
  const { passkey } = (await res.json()) as { passkey: Passkey };
  return { user, api, authenticator, passkey, started };
}

async function signInWith(authenticator: SoftAuthenticator, settings: { origin?: string } = {}) {
  const options = (await (await post('/api/auth/passkeys/login/options')).json()) as Options;
  return {
    options,
    res: await post('/api/auth/passkeys/login', {
      challengeId: options.challengeId,
      response: authenticator.get(options.options, settings),
    }),
  };
}

describe('passkeys', () => {
  it('registers for DOMAIN_CLIENT as the relying party and lists it without its key', async () => {
    const { api, passkey, started, user } = await withPasskey('Passkey Person');
    expect(started.options.rp).toEqual({ id: 'localhost', name: 'OmniChat' });
    expect(started.options.user.name).toBe(user.email);
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    const list = (await (await api('/api/auth/passkeys')).json()) as { passkeys: Passkey[] };
    expect(list.passkeys).toEqual([passkey]);
    expect(JSON.stringify(list)).not.toMatch(/publicKey|credentialId|counter/);
  });

  it('signs in with the passkey: the session and its cookie', async () => {
    const { user, authenticator, api } = await withPasskey('Signing Person');
    const { res } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    const session = (await res.json()) as AuthResponse;
    expect(session.user.id).toBe(user.user.id);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('refreshToken='))).toBe(true);
    const list = (await (await api('/api/auth/passkeys')).json()) as { passkeys: Passkey[] };
    expect(list.passkeys[0]!.lastUsedAt).not.toBeNull();
  });

  it('a challenge answers once: a replayed answer is refused', async () => {
    const { authenticator } = await withPasskey('Replay Person');
    const { options } = await signInWith(authenticator);
    const again = await post('/api/auth/passkeys/login', {
      challengeId: options.challengeId,
      response: authenticator.get(options.options),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.passkeyChallengeExpired);
  });

  it('an answer made for another origin is refused', async () => {
    const { authenticator } = await withPasskey('Phished Person');
    const { res } = await signInWith(authenticator, { origin: 'https://evil.example' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.passkeyFailed);
  });

  it('someone else cannot delete it (404); its owner can, and it signs in no more', async () => {
    const { api, authenticator, passkey } = await withPasskey('Deleting Person');
    const other = await registerUser(h.url, 'Other Person');
    const foreign = await authed(h.url, other.token)(`/api/auth/passkeys/${passkey.id}`, {
      method: 'DELETE',
    });
    expect(foreign.status).toBe(404);
    expect((await api(`/api/auth/passkeys/${passkey.id}`, { method: 'DELETE' })).status).toBe(200);
    const { res } = await signInWith(authenticator);
    expect(res.status).toBe(400);
  });

  it('signs in an account with two-factor authentication without the code step (the passkey verified the person)', async () => {
    const { api, authenticator, user } = await withPasskey('Both Factors Person');
    const started = (await (await api('/api/auth/2fa/enable')).json()) as TwoFactorEnableResponse;
    await api('/api/auth/2fa/confirm', { body: { token: totpCode(started.secret, Date.now()) } });
    const login = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(((await login.json()) as { twoFAPending?: boolean }).twoFAPending).toBe(true);
    const { res } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthResponse).user.id).toBe(user.user.id);
  });
});
