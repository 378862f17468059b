import { z } from 'zod';
import { bool, optionalEnum, list } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const oauthEnv = {
  // Social sign-in (LibreChat's names): each provider is on when its client id and secret are set;
  // its callback is DOMAIN_SERVER + *_CALLBACK_URL (default /oauth/<provider>/callback).
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CALLBACK_URL: z.string().trim().optional(),
  FACEBOOK_CLIENT_ID: z.string().trim().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CALLBACK_URL: z.string().trim().optional(),
  GITHUB_CLIENT_ID: z.string().trim().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_CALLBACK_URL: z.string().trim().optional(),
  DISCORD_CLIENT_ID: z.string().trim().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  DISCORD_CALLBACK_URL: z.string().trim().optional(),
  /** A generic OpenID Connect provider: its issuer (discovery at /.well-known/openid-configuration). */
  OPENID_ISSUER: z.string().url().optional().or(z.literal('')),
  OPENID_CLIENT_ID: z.string().trim().optional(),
  OPENID_CLIENT_SECRET: z.string().optional(),
  OPENID_SCOPE: z.string().trim().optional(),
  OPENID_CALLBACK_URL: z.string().trim().optional(),
  OPENID_BUTTON_LABEL: z.string().trim().optional(),
  OPENID_IMAGE_URL: z.string().trim().optional(),
  /** Roles, one of which the person must hold to sign in (comma list); see oauth-config.ts. */
  OPENID_REQUIRED_ROLE: list(),
  /** Which token holds those roles: `id` (the id_token) or `access` (a JWT access token). */
  OPENID_REQUIRED_ROLE_TOKEN_KIND: optionalEnum(['id', 'access']),
  /** Where in that token's claims, e.g. `realm_access.roles`. */
  OPENID_REQUIRED_ROLE_PARAMETER_PATH: z.string().trim().optional(),
  /** The role that makes an account an administrator at each sign-in (and its absence, a user). */
  OPENID_ADMIN_ROLE: z.string().trim().optional(),
  OPENID_ADMIN_ROLE_PARAMETER_PATH: z.string().trim().optional(),
  OPENID_ADMIN_ROLE_TOKEN_KIND: optionalEnum(['id', 'access', 'userinfo']),
  /** The claims a new account's username and display name are read from. */
  OPENID_USERNAME_CLAIM: z.string().trim().optional(),
  OPENID_NAME_CLAIM: z.string().trim().optional(),
  /** Signing out also ends the session at the provider (its end_session_endpoint). */
  OPENID_USE_END_SESSION_ENDPOINT: bool(false),
  /** Where the provider sends the browser after that; DOMAIN_CLIENT/login when unset. */
  OPENID_POST_LOGOUT_REDIRECT_URI: z.string().trim().url().optional().or(z.literal('')),
  // Sign in with Apple (LibreChat's names): on with the client id, team id, key id and key file.
  /** The Services ID registered at Apple (the id_token's audience). */
  APPLE_CLIENT_ID: z.string().trim().optional(),
  /** The Apple developer team the key belongs to (the client secret's issuer). */
  APPLE_TEAM_ID: z.string().trim().optional(),
  /** The id of the Sign in with Apple key, and the path of its .p8 (PKCS #8 PEM) file. */
  APPLE_KEY_ID: z.string().trim().optional(),
  APPLE_PRIVATE_KEY_PATH: z.string().trim().optional(),
  /** Where Apple posts the answer: a path under DOMAIN_SERVER, or an absolute URL. */
  APPLE_CALLBACK_URL: z.string().trim().optional(),
  // SAML 2.0 sign-in (LibreChat's names): on with SAML_ENTRY_POINT, SAML_ISSUER and SAML_CERT.
  /** The identity provider's single sign-on URL (HTTP-Redirect binding). */
  SAML_ENTRY_POINT: z.string().trim().url().optional().or(z.literal('')),
  /** This service's entity ID at the identity provider (also the audience its answers must name). */
  SAML_ISSUER: z.string().trim().optional(),
  /** The identity provider's signing certificate: PEM text, bare base64, or a file path. */
  SAML_CERT: z.string().trim().optional(),
  /** Where the identity provider posts its Response: a path under DOMAIN_SERVER, or an absolute URL. */
  SAML_CALLBACK_URL: z.string().trim().optional(),
  /** The attributes the account's e-mail, username, names and picture are read from. */
  SAML_EMAIL_CLAIM: z.string().trim().optional(),
  SAML_USERNAME_CLAIM: z.string().trim().optional(),
  SAML_GIVEN_NAME_CLAIM: z.string().trim().optional(),
  SAML_FAMILY_NAME_CLAIM: z.string().trim().optional(),
  SAML_PICTURE_CLAIM: z.string().trim().optional(),
  /** The attribute holding the whole display name (else given + family name). */
  SAML_NAME_CLAIM: z.string().trim().optional(),
  /** The SAML button's text and icon. */
  SAML_BUTTON_LABEL: z.string().trim().optional(),
  SAML_IMAGE_URL: z.string().trim().optional(),
  /** true: the whole Response must be signed; else (LibreChat's default) the Assertion must be. */
  SAML_USE_AUTHN_RESPONSE_SIGNED: bool(false),
};
