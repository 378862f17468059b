import { createHash, timingSafeEqual } from 'node:crypto';
import {
  FORM_POST_PROVIDERS,
  OAUTH_FLOW_TTL_SECONDS,
  SOCIAL_PROVIDERS,
  isSocialProvider,
  oneLineName,
  type SocialProvider,
} from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { OAuthConfig } from '../../config/oauth-config.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { SignInOutcome } from '../auth/index.js';
import { createAppleClient } from './apple.js';
import { createOAuth2Client } from './oauth2.js';
import { createOpenIdClient, type StartedFlow } from './oidc.js';
import { oauth2Providers, type ProviderProfile } from './providers.js';
import type { OAuthRepo } from './repo.js';
import { OAuthRefusal } from './refusal.js';
import { createSamlClient } from './saml.js';

export { OAuthRefusal };

/** One provider's flow: where the browser goes, and the callback turned into a profile. */
export interface FlowClient {
  start(): Promise<StartedFlow>;
  finish(
    callback: URL,
    flow: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ProviderProfile>;
  /** The provider's own sign-out, returning to `postLogoutRedirectUri` (OpenID only). */
  endSessionUrl?(postLogoutRedirectUri: string): Promise<string | undefined>;
}

/** The configured providers' clients (a provider without a client id and secret has none). */
export function flowClients(
  config: OAuthConfig,
  hooks: { userInfoFailed?: (reason: string) => void } = {},
): Partial<Record<SocialProvider, FlowClient>> {
  const defs = oauth2Providers(config.origins);
  const clients: Partial<Record<SocialProvider, FlowClient>> = {};
  for (const name of ['github', 'google', 'discord', 'facebook'] as const) {
    const client = config[name];
    if (!client) continue;
    const oauth2 = createOAuth2Client(defs[name], client);
    clients[name] = {
      start: oauth2.start,
      finish(callback, flow) {
        const code = callback.searchParams.get('code');
        const error = callback.searchParams.get('error');
        if (error || !code) throw new Error(`${name}: the provider answered ${error ?? 'no code'}`);
        return oauth2.finish(code, flow);
      },
    };
  }
  if (config.openid) clients.openid = createOpenIdClient(config.openid, hooks);
  // Apple and SAML post their answer as a form: its fields arrive as the callback URL's query.
  if (config.apple) {
    const apple = createAppleClient(config.apple, config.origins?.apple);
    clients.apple = {
      start: apple.start,
      finish: (callback, flow) => apple.finish(callback.searchParams, flow),
    };
  }
  if (config.saml) {
    const saml = createSamlClient(config.saml);
    clients.saml = {
      start: saml.start,
      finish: (callback, flow) => saml.finish(callback.searchParams, flow),
    };
  }
  return clients;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** The provider posts its answer as a cross-site form (no SameSite=Lax cookie comes with it). */
export const answersByFormPost = (provider: SocialProvider) => FORM_POST_PROVIDERS.includes(provider);

/** The field of the provider's answer that carries the state it was given (SAML's RelayState). */
const stateField = (provider: SocialProvider) => (provider === 'saml' ? 'RelayState' : 'state');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OAuthServiceDeps {
  repo: OAuthRepo;
  config: OAuthConfig;
  clients: Partial<Record<SocialProvider, FlowClient>>;
  signInAs(user: UserRow): Promise<SignInOutcome>;
  /** Sessions ended by linking (an unconfirmed account claimed): told to the live-session cache. */
  sessionsEnded(familyIds: string[]): Promise<unknown>;
  /** Mail is configured: an unconfirmed address then means nobody proved it. */
  verifiesEmail: boolean;
  /** librechat.yaml `registration.allowedDomains`: a new account's address must be in one. */
  emailDomainAllowed(email: string): boolean;
  onRegistered(userId: string): void;
  log: FastifyBaseLogger;
}

export function createOAuthService(deps: OAuthServiceDeps) {
  const { repo, config, clients } = deps;

  /** The account with the role its provider gives it now (OPENID_ADMIN_ROLE), when it gives one. */
  async function withProviderRole(user: UserRow, profile: ProviderProfile): Promise<UserRow> {
    if (profile.admin === undefined) return user;
    // Only the administrator role is the provider's to give or take; another role stays.
    const role = profile.admin ? 'ADMIN' : user.role === 'ADMIN' ? 'USER' : user.role;
    if (role === user.role) return user;
    deps.log.info({ userId: user.id, role }, 'role set by the identity provider');
    return (await repo.setRole(user.id, role)) ?? user;
  }

  /** The account of this identity: linked before, linked now by a verified address, or new. */
  async function accountOf(provider: SocialProvider, profile: ProviderProfile): Promise<UserRow> {
    const identity = { provider, subject: profile.subject };
    const linked = await repo.findLinkedUser(provider, profile.subject);
    if (linked) return linked;
    if (!profile.email || !profile.emailVerified) {
      throw new OAuthRefusal('oauth_email_unverified', `${provider}: the e-mail address is not verified`);
    }
    const existing = await repo.findUserByEmail(profile.email);
    if (existing) {
      if (existing.deletedAt) throw new OAuthRefusal('account_deleted', 'This account has been deleted');
      const claim = deps.verifiesEmail && !existing.emailVerified;
      await deps.sessionsEnded(await repo.link(existing, identity, claim));
      return existing;
    }
    if (!config.allowRegistration) {
      throw new OAuthRefusal('oauth_registration_disabled', 'Social registration is not allowed');
    }
    if (!deps.emailDomainAllowed(profile.email)) {
      throw new OAuthRefusal('email_domain_not_allowed', `${provider}: the e-mail domain may not sign up`);
    }
    const isFirst = (await repo.countUsers()) === 0;
    const user = await repo.createLinkedUser(
      {
        // A provider's name is one line like a typed one (the register form's rule), capped.
        name: oneLineName(profile.name ?? '') || oneLineName(profile.email.split('@')[0]!),
        email: profile.email,
        username: (profile.username && oneLineName(profile.username, Infinity)) || null,
        avatar: profile.avatar ?? null,
        provider,
        emailVerified: true,
        passwordHash: null,
        role: (profile.admin ?? isFirst) ? 'ADMIN' : 'USER',
      },
      identity,
    );
    // Taken between the lookup and the insert: a concurrent sign-in made it; use it.
    const account = user ?? (await repo.findUserByEmail(profile.email));
    if (!account) throw new Error('the new account vanished');
    if (user) deps.onRegistered(user.id);
    return account;
  }

  return {
    /**
     * OPENID_USE_END_SESSION_ENDPOINT: an account that signs in through the OpenID provider goes
     * on, after signing out here, to the provider's end_session_endpoint (none when it has none).
     */
    async endSessionRedirect(userId: string): Promise<string | undefined> {
      const openid = clients.openid;
      const end = config.openid?.endSession;
      if (!config.enabled || !openid?.endSessionUrl || !end) return undefined;
      if (!(await repo.hasIdentity(userId, 'openid'))) return undefined;
      try {
        return await openid.endSessionUrl(end.postLogoutRedirectUri);
      } catch (err) {
        deps.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'the OpenID provider could not be asked for its sign-out',
        );
        return undefined;
      }
    },

    /** The providers a browser may start: social login on and the provider configured. */
    isEnabled(name: string): name is SocialProvider {
      return config.enabled && isSocialProvider(name) && clients[name] !== undefined;
    },

    enabledProviders(): SocialProvider[] {
      return SOCIAL_PROVIDERS.filter((p) => config.enabled && clients[p] !== undefined);
    },

    /** A new flow: its state, verifier and nonce kept (hashed state), the provider's URL answered. */
    async start(provider: SocialProvider): Promise<{ url: string; state: string }> {
      const flow = await clients[provider]!.start();
      await repo.saveFlow({
        stateHash: hashState(flow.state),
        provider,
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
        expiresAt: new Date(Date.now() + OAUTH_FLOW_TTL_SECONDS * 1000),
      });
      return { url: flow.url.href, state: flow.state };
    },

    /**
     * The callback: its state must be the one this browser's cookie holds and a live flow's
     * (spent here: a replayed callback finds none); the provider's answer is checked by its
     * client; then the account signs in with login's checks. A provider answering by a cross-site
     * form POST (Apple, SAML) over plain http brings no cookie (`required` false): its state alone
     * finds the flow, which is held here (random, one use, ten minutes), and its signed answer must
     * name that flow's nonce or request either way.
     */
    async finish(
      provider: SocialProvider,
      callback: URL,
      cookie: { state: string | undefined; required: boolean },
    ): Promise<SignInOutcome> {
      const state = callback.searchParams.get(stateField(provider));
      if (!state) throw new OAuthRefusal('oauth_failed', 'state missing');
      if (cookie.required && (!cookie.state || !sameText(state, cookie.state))) {
        throw new OAuthRefusal('oauth_failed', 'state missing or not this browser’s');
      }
      const flow = await repo.spendFlow(hashState(state), provider);
      if (!flow)
        throw new OAuthRefusal('oauth_failed', 'no live sign-in for this state (expired or replayed)');
      let profile: ProviderProfile;
      try {
        profile = await clients[provider]!.finish(callback, {
          state,
          codeVerifier: flow.codeVerifier,
          nonce: flow.nonce,
        });
      } catch (err) {
        if (err instanceof OAuthRefusal) throw err;
        deps.log.warn(
          { provider, reason: err instanceof Error ? err.message : String(err) },
          'social sign-in refused',
        );
        throw new OAuthRefusal('oauth_failed', 'the provider’s answer was refused');
      }
      const user = await withProviderRole(await accountOf(provider, profile), profile);
      try {
        return await deps.signInAs(user);
      } catch (err) {
        if (err instanceof AppError && (err.code === 'banned' || err.code === 'account_deleted')) {
          throw new OAuthRefusal(err.code, err.message);
        }
        throw err;
      }
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
