import { randomBytes } from 'node:crypto';
import { SignJWT, createRemoteJWKSet, importPKCS8, jwtVerify } from 'jose';
import type { AppleClientConfig } from '../../config/oauth-config.js';
import type { StartedFlow } from './oidc.js';
import type { ProviderProfile } from './providers.js';

/** Apple's issuer: the id_token's `iss`, and the client secret's audience. */
const APPLE_ISSUER = 'https://appleid.apple.com';
const TIMEOUT_MS = 15_000;
/** A client secret lives for the one token request it is made for. */
const CLIENT_SECRET_TTL = '5m';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** The `user` field Apple posts on a person's first sign-in only: their name, as they gave it. */
function nameOf(userField: string | null): string | undefined {
  if (!userField) return undefined;
  try {
    const name = obj(obj(JSON.parse(userField)).name);
    return [str(name.firstName), str(name.lastName)].filter(Boolean).join(' ') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sign in with Apple: the authorization request asks for `response_mode=form_post` (Apple posts
 * the code and state back to the callback), the code is exchanged with a client secret that is an
 * ES256 JWT signed with the key of APPLE_KEY_ID, and the id_token is verified against Apple's keys
 * (signature, issuer, audience = APPLE_CLIENT_ID, expiry, this flow's nonce). `origin` replaces
 * https://appleid.apple.com for the endpoints only (tests point it at a fake).
 */
export function createAppleClient(config: AppleClientConfig, origin = APPLE_ISSUER) {
  const keys = createRemoteJWKSet(new URL(`${origin}/auth/keys`));
  let signingKey: ReturnType<typeof importPKCS8> | undefined;

  async function clientSecret(): Promise<string> {
    signingKey ??= importPKCS8(config.privateKey, 'ES256');
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
      .setIssuer(config.teamId)
      .setSubject(config.clientId)
      .setAudience(APPLE_ISSUER)
      .setIssuedAt()
      .setExpirationTime(CLIENT_SECRET_TTL)
      .sign(await signingKey);
  }

  return {
    async start(): Promise<StartedFlow> {
      const state = randomBytes(32).toString('base64url');
      const nonce = randomBytes(32).toString('base64url');
      const url = new URL(`${origin}/auth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        response_mode: 'form_post',
        client_id: config.clientId,
        redirect_uri: config.callbackURL,
        scope: 'name email',
        state,
        nonce,
      }).toString();
      return { url, state, codeVerifier: '', nonce };
    },

    async finish(answer: URLSearchParams, flow: { nonce: string }): Promise<ProviderProfile> {
      const code = answer.get('code');
      const error = answer.get('error');
      if (error || !code) throw new Error(`apple: the provider answered ${error ?? 'no code'}`);
      const res = await fetch(`${origin}/auth/token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: config.callbackURL,
          client_id: config.clientId,
          client_secret: await clientSecret(),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`apple token: HTTP ${res.status}`);
      const idToken = str(obj(await res.json()).id_token);
      if (!idToken) throw new Error('apple token: no id_token');
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: APPLE_ISSUER,
        audience: config.clientId,
        algorithms: ['RS256', 'ES256'],
      });
      if (payload.nonce !== flow.nonce) throw new Error('apple: the id_token is not this sign-in’s (nonce)');
      const subject = str(payload.sub);
      if (!subject) throw new Error('apple: the id_token has no subject');
      const email = str(payload.email);
      return {
        subject,
        email,
        // Apple writes the flag as a boolean or as the text "true".
        emailVerified: email !== undefined && String(payload.email_verified) === 'true',
        name: nameOf(answer.get('user')),
      };
    },
  };
}
