import type { SocialProvider } from '@chat/contract';

/** What a provider says about the person who signed in. */
export interface ProviderProfile {
  /** The provider's stable id of the person (never the e-mail). */
  subject: string;
  email?: string | undefined;
  /** The provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name?: string | undefined;
  username?: string | undefined;
  avatar?: string | undefined;
  /**
   * The provider says whether the person is an administrator (OPENID_ADMIN_ROLE): the account's
   * role follows at each sign-in. Undefined: the provider has no say.
   */
  admin?: boolean | undefined;
}

/** Reads JSON from the provider's API with the person's access token. */
type ProviderGet = (url: string) => Promise<unknown>;

/** A plain OAuth 2 provider (authorization code + PKCE) and how its profile API is read. */
export interface OAuth2Provider {
  name: Exclude<SocialProvider, 'openid'>;
  authorizeURL: string;
  tokenURL: string;
  profileURL: string;
  scopes: readonly string[];
  readProfile(profile: unknown, get: ProviderGet): Promise<ProviderProfile>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined;

function requireSubject(v: unknown, provider: string): string {
  const subject = str(v);
  if (!subject) throw new Error(`${provider}: the profile has no id`);
  return subject;
}

/**
 * The providers as data: their endpoints, scopes, and how id, e-mail (and whether it is
 * verified), name and avatar are read. `base` replaces each origin (tests point it at a fake).
 */
export function oauth2Providers(base: Partial<Record<OAuth2Provider['name'], string>> = {}) {
  const at = (name: OAuth2Provider['name'], origin: string, path: string) => `${base[name] ?? origin}${path}`;
  const github: OAuth2Provider = {
    name: 'github',
    authorizeURL: at('github', 'https://github.com', '/login/oauth/authorize'),
    tokenURL: at('github', 'https://github.com', '/login/oauth/access_token'),
    profileURL: at('github', 'https://api.github.com', '/user'),
    scopes: ['user:email'],
    // The profile's `email` is whatever the person made public, verified or not: the address is
    // the primary one of /user/emails, and only when GitHub marks it verified.
    async readProfile(raw, get) {
      const p = obj(raw);
      const emails = await get(at('github', 'https://api.github.com', '/user/emails'));
      const primary = (Array.isArray(emails) ? emails.map(obj) : []).find((e) => e.primary === true);
      return {
        subject: requireSubject(p.id, 'github'),
        email: str(primary?.email),
        emailVerified: primary?.verified === true,
        name: str(p.name) ?? str(p.login),
        username: str(p.login),
        avatar: str(p.avatar_url),
      };
    },
  };
  const google: OAuth2Provider = {
    name: 'google',
    authorizeURL: at('google', 'https://accounts.google.com', '/o/oauth2/v2/auth'),
    tokenURL: at('google', 'https://oauth2.googleapis.com', '/token'),
    profileURL: at('google', 'https://openidconnect.googleapis.com', '/v1/userinfo'),
    scopes: ['openid', 'profile', 'email'],
    async readProfile(raw) {
      const p = obj(raw);
      return {
        subject: requireSubject(p.sub, 'google'),
        email: str(p.email),
        emailVerified: p.email_verified === true,
        name: str(p.name),
        avatar: str(p.picture),
      };
    },
  };
  const discord: OAuth2Provider = {
    name: 'discord',
    authorizeURL: at('discord', 'https://discord.com', '/oauth2/authorize'),
    tokenURL: at('discord', 'https://discord.com', '/api/oauth2/token'),
    profileURL: at('discord', 'https://discord.com', '/api/users/@me'),
    scopes: ['identify', 'email'],
    async readProfile(raw) {
      const p = obj(raw);
      const id = requireSubject(p.id, 'discord');
      const avatar = str(p.avatar);
      return {
        subject: id,
        email: str(p.email),
        emailVerified: p.verified === true,
        name: str(p.global_name) ?? str(p.username),
        username: str(p.username),
        avatar: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : undefined,
      };
    },
  };
  const facebook: OAuth2Provider = {
    name: 'facebook',
    authorizeURL: at('facebook', 'https://www.facebook.com', '/v18.0/dialog/oauth'),
    tokenURL: at('facebook', 'https://graph.facebook.com', '/v18.0/oauth/access_token'),
    profileURL: at(
      'facebook',
      'https://graph.facebook.com',
      '/v18.0/me?fields=id,name,email,picture.type(large)',
    ),
    scopes: ['public_profile', 'email'],
    // The Graph API has no "verified" flag: it answers `email` only for an address the person
    // confirmed with Facebook, so a given address counts as verified (docs/decisions.md).
    async readProfile(raw) {
      const p = obj(raw);
      const email = str(p.email);
      return {
        subject: requireSubject(p.id, 'facebook'),
        email,
        emailVerified: email !== undefined,
        name: str(p.name),
        avatar: str(obj(obj(p.picture).data).url),
      };
    },
  };
  return { github, google, discord, facebook };
}
