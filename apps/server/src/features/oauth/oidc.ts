import type * as oidcTypes from 'openid-client';
import type { OpenIdClientConfig } from '../../config/oauth-config.js';
import { lazyModule } from '../../platform/lazy.js';
import {
  displayNameOf,
  holdsAdminRole,
  jwtPayload,
  missingRoleText,
  usernameOf,
  type OpenIdClaimSources,
} from './openid-claims.js';
import type { ProviderProfile } from './providers.js';
import { OAuthRefusal } from './refusal.js';

/** `openid-client`, loaded on the first sign-in through a provider (none when none is configured). */
export const openidClient = lazyModule('openid-client', () => import('openid-client'));

/** A started sign-in: where to send the browser, and what the callback must be checked with. */
export interface StartedFlow {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * The generic OpenID Connect provider through `openid-client` (discovery, PKCE, state, nonce,
 * the id_token's signature, issuer, audience and expiry checked). Discovery runs on the first
 * sign-in and is kept; a failed discovery is retried on the next one. An http:// issuer (a
 * provider on the operator's own network) is allowed: the operator chose it in OPENID_ISSUER.
 */
export function createOpenIdClient(
  config: OpenIdClientConfig,
  hooks: { userInfoFailed?: (reason: string) => void } = {},
) {
  let discovered: Promise<oidcTypes.Configuration> | undefined;
  function configuration(): Promise<oidcTypes.Configuration> {
    discovered ??= openidClient
      .load()
      .then((oidc) =>
        oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
          execute: config.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        }),
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  }

  return {
    async start(): Promise<StartedFlow> {
      const server = await configuration();
      const oidc = openidClient.get();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: config.callbackURL,
        scope: config.scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, codeVerifier, nonce };
    },

    /**
     * The provider's end_session_endpoint (RP-initiated logout) with where to come back and this
     * client's id; undefined when its discovery names none.
     */
    async endSessionUrl(postLogoutRedirectUri: string): Promise<string | undefined> {
      const server = await configuration();
      if (!server.serverMetadata().end_session_endpoint) return undefined;
      return openidClient.get().buildEndSessionUrl(server, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: config.clientId,
      }).href;
    },

    /** The callback's URL (its code, state, iss) exchanged and checked; the person's claims. */
    async finish(
      callback: URL,
      flow: { state: string; codeVerifier: string; nonce: string },
    ): Promise<ProviderProfile> {
      const server = await configuration();
      const oidc = openidClient.get();
      const tokens = await oidc.authorizationCodeGrant(server, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('openid: no id_token');
      // Providers that follow the core spec strictly put only `sub` in the id_token when an
      // access token is issued: the rest comes from userinfo, checked to be the same subject.
      // A provider whose access token is for an API (an audience) may refuse it at userinfo;
      // the id_token's claims then stand alone, as they do in LibreChat.
      const info = await oidc
        .fetchUserInfo(server, tokens.access_token, idClaims.sub)
        .then((answer): Record<string, unknown> => ({ ...answer }))
        .catch((err: unknown) => {
          hooks.userInfoFailed?.(err instanceof Error ? err.message : String(err));
          return undefined;
        });
      const id: Record<string, unknown> = { ...idClaims };
      const sources: OpenIdClaimSources = { id, access: jwtPayload(tokens.access_token), userinfo: info };
      if (config.requiredRole) {
        const refusal = missingRoleText(config.requiredRole, sources);
        if (refusal) throw new OAuthRefusal('openid_role_missing', refusal);
      }
      const claims: Record<string, unknown> = { ...info, ...id };
      const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
      return {
        subject: idClaims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        name: displayNameOf(claims, config.nameClaim),
        username: usernameOf(claims, config.usernameClaim),
        avatar: text(claims.picture),
        admin: config.adminRole ? holdsAdminRole(config.adminRole, sources) : undefined,
      };
    },
  };
}
