import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleServiceAccount } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';

/** Where a key without `token_uri` exchanges its JWT (Google's OAuth 2.0 token endpoint). */
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** The scope Vertex AI's generateContent needs. */
const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

const JWT_LIFETIME_S = 3600;
/** A token is renewed this long before it expires, so no request carries one about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const TOKEN_TIMEOUT_MS = 30_000;
/** Bounds the cache: one entry per service account (and key) the server has used. */
const MAX_CACHED = 500;

interface CachedToken {
  token: string;
  /** Date.now() after which the token is fetched again. */
  renewAt: number;
}

const cache = new Map<string, CachedToken>();
const pending = new Map<string, Promise<string>>();

/**
 * The cache key: the account, its token endpoint, and a digest of its private key, so a user who
 * only knows an account's e-mail never gets the token another's key fetched.
 */
function cacheKey(account: GoogleServiceAccount): string {
  const digest = createHash('sha256').update(account.private_key).digest('hex');
  return `${account.client_email}\n${account.token_uri ?? GOOGLE_TOKEN_URI}\n${digest}`;
}

/**
 * An OAuth 2.0 access token for the service account (RFC 7523 JWT-bearer grant, signed RS256 with
 * its private key), cached until 5 minutes before it expires; concurrent callers share one
 * exchange. A key that cannot sign, or an exchange the token endpoint refuses, is
 * AppError('upstream_auth'); its message never holds the key or a token.
 */
export function vertexAccessToken(
  account: GoogleServiceAccount,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): Promise<string> {
  const key = cacheKey(account);
  const cached = cache.get(key);
  if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
  let exchange = pending.get(key);
  if (!exchange) {
    exchange = exchangeToken(account, fetchImpl)
      .then(({ token, expiresInS }) => {
        cache.delete(key);
        cache.set(key, { token, renewAt: Date.now() + expiresInS * 1000 - REFRESH_MARGIN_MS });
        if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
        return token;
      })
      .finally(() => pending.delete(key));
    pending.set(key, exchange);
  }
  return exchange;
}

/** Forgets every cached token (tests). */
export function clearVertexTokens(): void {
  cache.clear();
}

async function signAssertion(account: GoogleServiceAccount, audience: string): Promise<string> {
  let privateKey: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    privateKey = await importPKCS8(account.private_key, 'RS256');
  } catch {
    throw new AppError(
      'upstream_auth',
      `The service account ${account.client_email} has a private key that is not a PKCS#8 RSA key`,
    );
  }
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: VERTEX_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + JWT_LIFETIME_S)
    .sign(privateKey);
}

async function exchangeToken(
  account: GoogleServiceAccount,
  fetchImpl: typeof globalThis.fetch,
): Promise<{ token: string; expiresInS: number }> {
  const tokenURI = account.token_uri ?? GOOGLE_TOKEN_URI;
  const assertion = await signAssertion(account, tokenURI);
  const refused = (why: string) =>
    new AppError('upstream_auth', `Google refused the service account ${account.client_email}: ${why}`);
  // The exchange may be shared by several requests: no one caller's abort ends it, a timeout does.
  let res: Response;
  try {
    res = await fetchImpl(tokenURI, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (err) {
    // What the network said (addresses, TLS internals) is for the log only (providers/errors.ts).
    const failure = new AppError(
      'upstream_auth',
      "The service account's token endpoint could not be reached",
    );
    failure.cause = err;
    throw failure;
  }
  let body: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw refused(`the token endpoint answered ${res.status} without JSON`);
  }
  if (!res.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    // OAuth's error and description only (RFC 6749 §5.2): they name the problem, never a secret.
    const what = [body.error, body.error_description].filter((v) => typeof v === 'string').join(': ');
    throw refused(`${res.status}${what ? ` ${what}` : ''}`.slice(0, 300));
  }
  const expiresInS =
    typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : JWT_LIFETIME_S;
  return { token: body.access_token, expiresInS };
}
