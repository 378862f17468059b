import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** The person the provider signs in next (its login step approves without asking). */
export interface FakeOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  /**
   * Any other claims of the person (preferred_username, given_name, realm_access, groups, …):
   * released in the id_token and userinfo when a scope that names them is asked (RELEASED_CLAIMS).
   */
  claims?: Record<string, unknown>;
  /**
   * Set: the sign-in's access token is a JWT (for the resource ACCESS_TOKEN_RESOURCE, as
   * Keycloak's or Entra's are) carrying these claims besides the registered ones. Its audience
   * keeps it out of userinfo, so the id_token then carries every released claim.
   */
  accessTokenClaims?: Record<string, unknown>;
}

export interface FakeOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Where the provider may send the browser after signing out (RP-initiated logout). */
  post_logout_redirect_uris?: string[];
}

export interface FakeOidcServer {
  /** The issuer (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  port: number;
  /** Who the next login approves: every sign-in until changed. */
  setAccount(account: FakeOidcAccount): void;
  close(): Promise<void>;
}

/** The resource a JWT access token is issued for (see `accessTokenClaims`). */
export const ACCESS_TOKEN_RESOURCE = 'urn:fake-oidc:api';

/** Which claims each scope releases (`roles` as Keycloak names its scope of role claims). */
const RELEASED_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username', 'given_name', 'family_name', 'nickname', 'picture', 'upn'],
  roles: ['realm_access', 'resource_access', 'groups', 'roles'],
};

const DEFAULT_ACCOUNT: FakeOidcAccount = {
  sub: 'oidc-person-1',
  email: 'oidc.person@example.com',
  email_verified: true,
  name: 'Oidc Person',
};

/**
 * A real OpenID Provider (panva's `oidc-provider`, the certified implementation) on 127.0.0.1:
 * discovery, JWKS (a fresh RSA key per start), authorization code with PKCE (required), nonce,
 * id_token and userinfo. Its interaction (login) step signs in the account set by `setAccount`
 * without a form, and consent is granted up front, so a browser or an HTTP client following
 * redirects goes straight through. `POST /__control/account` (JSON) sets the account too (e2e).
 */
export async function startFakeOidc(opts: {
  port?: number;
  host?: string;
  clients: FakeOidcClient[];
  /**
   * false: the id_token carries every released claim even beside an access token for userinfo
   * (as Keycloak and Entra do); true (the default): only `sub`, the rest from userinfo.
   */
  conformIdTokenClaims?: boolean;
  /** The provider's end_session_endpoint (RP-initiated logout) is on. */
  endSession?: boolean;
}): Promise<FakeOidcServer> {
  const host = opts.host ?? '127.0.0.1';
  let account: FakeOidcAccount = { ...DEFAULT_ACCOUNT };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'fake-oidc', use: 'sig', alg: 'RS256' };
  const accounts = new Map<string, FakeOidcAccount>();

  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['fake-oidc-cookie-key'] },
    claims: RELEASED_CLAIMS,
    conformIdTokenClaims: opts.conformIdTokenClaims ?? true,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: opts.endSession ?? false },
      // A JWT access token only for a person with `accessTokenClaims`: the resource is chosen
      // when the sign-in starts, from the account the next login approves.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => (account.accessTokenClaims ? ACCESS_TOKEN_RESOURCE : undefined),
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    extraTokenClaims: (_ctx, token) => {
      const found = 'accountId' in token ? accounts.get(token.accountId) : undefined;
      return found?.accessTokenClaims;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const found = accounts.get(id);
      if (!found) return undefined;
      const { claims, accessTokenClaims: _, ...standard } = found;
      return { accountId: id, claims: () => ({ ...claims, ...standard }) };
    },
    // Consent granted for every scope asked: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
      const resource = ctx.oidc.params?.resource;
      if (typeof resource === 'string') grant.addResourceScope(resource, 'api');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const oidcHandler = provider.callback();

  async function control(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    account = { ...DEFAULT_ACCOUNT, ...(JSON.parse(body) as Partial<FakeOidcAccount>) };
    res.writeHead(204).end();
  }

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`unexpected prompt ${details.prompt.name}`);
      return;
    }
    accounts.set(account.sub, { ...account });
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } });
  }

  server.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handle =
      req.method === 'POST' && path === '/__control/account'
        ? control(req, res)
        : path.startsWith('/interaction/')
          ? interaction(req, res)
          : Promise.resolve(oidcHandler(req, res));
    handle.catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });

  return {
    issuer,
    port,
    setAccount(next) {
      account = { ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
