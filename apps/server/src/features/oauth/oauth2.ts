import type { OAuthClientConfig } from '../../config/oauth-config.js';
import { openidClient, type StartedFlow } from './oidc.js';
import type { OAuth2Provider, ProviderProfile } from './providers.js';

const TIMEOUT_MS = 15_000;

async function readJson(res: Response, what: string): Promise<unknown> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status}`);
  return res.json();
}

/** A plain OAuth 2 provider's authorization code flow (PKCE S256, state), then its profile API. */
export function createOAuth2Client(provider: OAuth2Provider, client: OAuthClientConfig) {
  return {
    async start(): Promise<StartedFlow> {
      const oidc = await openidClient.load();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = new URL(provider.authorizeURL);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.callbackURL,
        scope: provider.scopes.join(' '),
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return { url, state, codeVerifier, nonce: '' };
    },

    /** `code` (the state was checked by the caller) exchanged for a token, then the profile. */
    async finish(code: string, flow: { codeVerifier: string }): Promise<ProviderProfile> {
      const res = await fetch(provider.tokenURL, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.callbackURL,
          client_id: client.clientId,
          client_secret: client.clientSecret,
          code_verifier: flow.codeVerifier,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const token = (await readJson(res, `${provider.name} token`)) as { access_token?: unknown };
      if (typeof token.access_token !== 'string' || !token.access_token) {
        throw new Error(`${provider.name} token: no access_token`);
      }
      const accessToken = token.access_token;
      const get = async (url: string) =>
        readJson(
          await fetch(url, {
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${accessToken}`,
              'user-agent': 'OmniChat',
            },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
          `${provider.name} profile`,
        );
      return provider.readProfile(await get(provider.profileURL), get);
    },
  };
}
