/**
 * The fake's Vertex AI side: Google's OAuth token endpoint for a service account (POST /token,
 * the RFC 7523 JWT-bearer grant: the JWT's RS256 signature checked against the account's public
 * key, its iss, aud and scope) and the bearer tokens it issued, which the Vertex routes require.
 */
import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { header, type FakeRequest } from '../core.js';
import { sendJson } from '../wire.js';

export const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface FakeVertexOptions {
  /** The service account's public key (SPKI PEM or a KeyObject): what signs the JWTs /token takes. */
  publicKey: string | KeyObject;
  /** The JWT's `iss` required (the account's client_email); any when unset. */
  clientEmail?: string;
  /** Seconds an issued access token lives (`expires_in`); default 3600. */
  expiresIn?: number;
}

export interface VertexAuth {
  /** Answers POST /token. */
  token(r: FakeRequest): void;
  /** Is the request's `Authorization: Bearer` a token /token issued, not expired? */
  authorized(r: FakeRequest): boolean;
}

/** A token endpoint's error, as Google's answers it (RFC 6749 §5.2). */
function oauthError(r: FakeRequest, error: string, description: string): void {
  sendJson(r.res, 400, { error, error_description: description });
}

function decodePart(part: string | undefined): Record<string, unknown> | undefined {
  if (!part) return undefined;
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function vertexAuth(opts: FakeVertexOptions): VertexAuth {
  const publicKey = typeof opts.publicKey === 'string' ? createPublicKey(opts.publicKey) : opts.publicKey;
  const issued = new Map<string, number>(); // token → expiry (ms)
  return {
    token(r) {
      const form = (r.body ?? {}) as Record<string, unknown>;
      if (form.grant_type !== JWT_BEARER) {
        return oauthError(r, 'unsupported_grant_type', 'Invalid grant_type: ' + String(form.grant_type));
      }
      const jwt = typeof form.assertion === 'string' ? form.assertion : '';
      const [h, p, sig] = jwt.split('.');
      const head = decodePart(h);
      const claims = decodePart(p);
      if (!head || !claims || !sig || head.alg !== 'RS256') {
        return oauthError(r, 'invalid_request', 'Invalid JWT: the assertion is not an RS256 JWT.');
      }
      const signed = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(sig, 'base64url'));
      if (!signed) return oauthError(r, 'invalid_grant', 'Invalid JWT Signature.');
      const now = Math.floor(Date.now() / 1000);
      const audience = `http://${header(r, 'host') ?? ''}/token`;
      if (opts.clientEmail !== undefined && claims.iss !== opts.clientEmail) {
        return oauthError(r, 'invalid_grant', 'Invalid JWT: iss is not the service account.');
      }
      if (claims.aud !== audience)
        return oauthError(r, 'invalid_grant', `Invalid JWT: aud must be ${audience}.`);
      if (claims.scope !== VERTEX_SCOPE) return oauthError(r, 'invalid_scope', 'Invalid JWT: scope.');
      const { iat, exp } = claims;
      if (
        typeof iat !== 'number' ||
        typeof exp !== 'number' ||
        iat > now + 60 ||
        exp <= now ||
        exp - iat > 3600
      ) {
        return oauthError(r, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes).');
      }
      const expiresIn = opts.expiresIn ?? 3600;
      const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
      issued.set(token, Date.now() + expiresIn * 1000);
      sendJson(r.res, 200, { access_token: token, expires_in: expiresIn, token_type: 'Bearer' });
    },
    authorized(r) {
      const m = /^Bearer (.+)$/.exec(header(r, 'authorization') ?? '');
      const expiry = m ? issued.get(m[1]!) : undefined;
      return expiry !== undefined && Date.now() < expiry;
    },
  };
}
