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

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array): Promise<string> {
  return (
    new SignJWT({ role: claims.role, sid: claims.sid, ...(claims.imp ? { imp: claims.imp } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.id)
      // A unique id: two tokens issued in the same second must still differ, so a client can tell
      // a request sent with an old token from one sent with the current one.
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL.accessSeconds}s`)
      .sign(secret)
  );
}

/**
 * Verifies an access token; only HS256 with our key is accepted (no `alg: none`, no other key).
 * `exp` is required (a token without one would be valid forever), and so is the session id the
 * guard checks for revocation. Whether that session is still live is the guard's question.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const role = USER_ROLES.find((r) => r === payload.role) ?? 'USER';
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      throw new AppError('unauthorized', 'Invalid token');
    }
    const imp = typeof payload.imp === 'string' ? { imp: payload.imp } : {};
    return { id: payload.sub, role, sid: payload.sid, ...imp };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('token_expired', 'Token expired');
    throw new AppError('unauthorized', 'Invalid token');
  }
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
