import { randomBytes } from 'node:crypto';
import type * as nodeSamlTypes from '@node-saml/node-saml';
import { SAML_CLOCK_SKEW_MS } from '@chat/contract';
import type { SamlClientConfig } from '../../config/oauth-config.js';
import { lazyModule } from '../../platform/lazy.js';
import type { StartedFlow } from './oidc.js';
import type { ProviderProfile } from './providers.js';
import { OAuthRefusal } from './refusal.js';

/** `@node-saml/node-saml`, loaded on the first SAML sign-in (never when SAML is not configured). */
const nodeSaml = lazyModule('@node-saml/node-saml', () => import('@node-saml/node-saml'));

type SamlProfile = nodeSamlTypes.Profile;

/** An attribute's value as text: the first of several, or undefined when empty or not text. */
function text(value: unknown): string | undefined {
  const one = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof one === 'string' && one.trim() !== '' ? one.trim() : undefined;
}

/** The attribute the setting names, else the default one (LibreChat's reading of SAML_*_CLAIM). */
const claim = (profile: SamlProfile, named: string | undefined, fallback: string) =>
  text(named ? (profile[named] ?? profile[fallback]) : profile[fallback]);

type XmlNode = { $?: Record<string, string> } & Record<string, unknown>;
const children = (node: unknown, name: string): XmlNode[] => {
  const value = node && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined;
  if (Array.isArray(value)) return value as XmlNode[];
  return value && typeof value === 'object' ? [value as XmlNode] : [];
};

/**
 * The request ids the signed assertion's bearer confirmations answer. The Response's own
 * InResponseTo is outside the signature when only the assertion is signed, so the one inside it
 * is what ties the assertion to a request.
 */
function confirmedRequests(profile: SamlProfile): string[] {
  const parsed = profile.getAssertion?.();
  const assertion = children(parsed, 'Assertion')[0];
  return children(assertion, 'Subject')
    .flatMap((s) => children(s, 'SubjectConfirmation'))
    .flatMap((c) => children(c, 'SubjectConfirmationData'))
    .map((d) => d.$?.InResponseTo)
    .filter((id): id is string => typeof id === 'string');
}

/** The person in a verified assertion, read as LibreChat reads it. */
export function samlPersonOf(config: SamlClientConfig, profile: SamlProfile): ProviderProfile {
  const { claims } = config;
  const email = claim(profile, claims.email, 'email');
  const givenName = claim(profile, claims.givenName, 'given_name');
  const familyName = claim(profile, claims.familyName, 'family_name');
  const rawUsername = claims.username ? (profile[claims.username] ?? profile.username) : profile.username;
  // Several values of the username attribute make one name, joined as LibreChat joins them.
  const username = Array.isArray(rawUsername)
    ? (rawUsername as unknown[]).filter((v): v is string => typeof v === 'string').join('_') || undefined
    : text(rawUsername);
  const name = claims.name
    ? text(profile[claims.name])
    : [givenName, familyName].filter(Boolean).join(' ') || username || email;
  const picture = claim(profile, claims.picture, 'picture');
  return {
    subject: profile.nameID,
    email,
    // The identity provider signed the assertion naming the address: its own directory's word.
    emailVerified: email !== undefined,
    name,
    username: username ?? givenName ?? email,
    avatar: picture && /^https:\/\//i.test(picture) ? picture : undefined,
  };
}

/**
 * SAML 2.0 through `@node-saml/node-saml`: an AuthnRequest sent by HTTP-Redirect with this flow's
 * state as RelayState, and the identity provider's Response posted back, checked for its signature
 * (SAML_CERT), audience (SAML_ISSUER) and validity window. The Response must answer
 * this flow's own request (InResponseTo), so one made for another sign-in, or an unsolicited one,
 * is refused; the flow itself is spent before the Response is read, so a replay finds none.
 */
export function createSamlClient(config: SamlClientConfig) {
  const options = (requestId?: string): nodeSamlTypes.SamlConfig => ({
    entryPoint: config.entryPoint,
    issuer: config.issuer,
    audience: config.issuer,
    callbackUrl: config.callbackURL,
    idpCert: config.idpCert,
    wantAuthnResponseSigned: config.responseSigned,
    wantAssertionsSigned: !config.responseSigned,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // InResponseTo is compared with the flow's request below, not through node-saml's own cache.
    validateInResponseTo: 'never' as nodeSamlTypes.ValidateInResponseTo,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });

  return {
    async start(): Promise<StartedFlow> {
      const { SAML } = await nodeSaml.load();
      // An xs:ID must not start with a digit.
      const requestId = `_${randomBytes(20).toString('hex')}`;
      const state = randomBytes(32).toString('base64url');
      const url = await new SAML(options(requestId)).getAuthorizeUrlAsync(state, undefined, {});
      return { url: new URL(url), state, codeVerifier: '', nonce: requestId };
    },

    async finish(answer: URLSearchParams, flow: { nonce: string }): Promise<ProviderProfile> {
      const response = answer.get('SAMLResponse');
      if (!response) throw new OAuthRefusal('saml_refused', 'saml: the callback carries no SAMLResponse');
      const { SAML } = await nodeSaml.load();
      let profile: SamlProfile | null;
      try {
        ({ profile } = await new SAML(options()).validatePostResponseAsync({ SAMLResponse: response }));
      } catch (err) {
        throw new OAuthRefusal('saml_refused', `saml: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!profile) throw new OAuthRefusal('saml_refused', 'saml: the Response holds no assertion');
      const answered = confirmedRequests(profile);
      if (
        profile.inResponseTo !== flow.nonce ||
        answered.length === 0 ||
        answered.some((id) => id !== flow.nonce)
      ) {
        throw new OAuthRefusal('saml_refused', 'saml: the Response does not answer this sign-in’s request');
      }
      if (!profile.nameID) throw new OAuthRefusal('saml_refused', 'saml: the assertion names no subject');
      return samlPersonOf(config, profile);
    },
  };
}
