import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { TOKEN_TTL, USER_ROLES, type UserRole } from '@chat/contract';
import { AppError } from './errors.js';

export interface AccessClaims {
  id: string;
  role: UserRole;
  /** The session (refresh-token family) the token was issued for: revoking it ends the token. */
  sid: string;
  /** On an impersonation session (features/admin): the operator's user id. */
  imp?: string;
}

const ALG = 'HS256';

/** Signs an access token that expires `ttlSeconds` from now (SESSION_EXPIRY; TOKEN_TTL by default). */
export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number = TOKEN_TTL.accessSeconds,
): Promise<string> {
  return (
    new SignJWT({ role: claims.role, sid: claims.sid, ...(claims.imp ? { imp: claims.imp } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.id)
      // A unique id: two tokens issued in the same second must still differ, so a client can tell
      // a request sent with an old token from one sent with the current one.
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(secret)
  );
}

/** A verified token's claims, and its `exp` (seconds since the epoch). */
interface Verified {
  claims: AccessClaims;
  exp: number;
}

/**
 * Verifies an access token; only HS256 with our key is accepted (no `alg: none`, no other key).
 * `exp` is required (a token without one would be valid forever), and so is the session id the
 * guard checks for revocation. Whether that session is still live is the guard's question.
 */
async function verifyToken(token: string, secret: Uint8Array): Promise<Verified> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const role = USER_ROLES.find((r) => r === payload.role) ?? 'USER';
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new AppError('unauthorized', 'Invalid token');
    }
    const imp = typeof payload.imp === 'string' ? { imp: payload.imp } : {};
    return { claims: Object.freeze({ id: payload.sub, role, sid: payload.sid, ...imp }), exp: payload.exp };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('token_expired', 'Token expired');
    throw new AppError('unauthorized', 'Invalid token');
  }
}

/** How many accepted access tokens one process remembers (a few MB at the most). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies access tokens (HS256, `exp`, `sub` and `sid` required, as verifyToken) and remembers
 * the tokens it accepted until they expire, so the requests a client makes with one token (all of
 * its life, SESSION_EXPIRY) check its signature once. jose verifies
 * through WebCrypto, a job on libuv's thread pool and back: ~0.35 ms of every request with a
 * token, before anything else could run (docs/decisions.md, "Accepted tokens are remembered").
 *
 * Only a token whose signature was good is kept, under its whole text, so a hit is that very
 * token; its expiry is checked on every use as jose checks it (expired once `exp` is not after the
 * current second). A refused token is not kept: nothing a client sends grows the map unless it
 * holds a valid token. Whether the token's session is still live stays the guard's question, on
 * every request. The oldest entries go first: past `maxEntries`, and whenever the oldest has
 * expired (tokens are first seen roughly in the order they expire).
 */
export function createAccessTokenVerifier(
  secret: Uint8Array,
  opts: {
    maxEntries?: number;
    now?: () => number;
    verify?: (token: string, secret: Uint8Array) => Promise<Verified>;
  } = {},
): (token: string) => Promise<AccessClaims> {
  const maxEntries = opts.maxEntries ?? VERIFIED_TOKENS_KEPT;
  const now = opts.now ?? Date.now;
  const verify = opts.verify ?? verifyToken;
  const kept = new Map<string, Verified>();
  const expired = (v: Verified) => v.exp <= Math.floor(now() / 1000);
  return async (token) => {
    const hit = kept.get(token);
    if (hit) {
      if (!expired(hit)) return hit.claims;
      kept.delete(token);
      throw new AppError('token_expired', 'Token expired');
    }
    const verified = await verify(token, secret);
    for (const [oldest, v] of kept) {
      if (kept.size < maxEntries && !expired(v)) break;
      kept.delete(oldest);
    }
    kept.set(token, verified);
    return verified.claims;
  };
}

/** Refresh tokens are opaque random strings; the database keeps only their SHA-256. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The token a refresh token is rotated into: an HMAC of it under the server's refresh key. Two
 * refreshes with the same token (two tabs, a retry) compute the same successor, so the later one
 * can be answered with it without the server ever storing a token in plain text (only its
 * SHA-256, like every refresh token); without the key it cannot be computed from the old token.
 */
export function successorRefreshToken(token: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(`refresh-successor:${token}`).digest('base64url');
}
