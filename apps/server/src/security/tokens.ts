import { SignJWT } from 'jose';
import { testAppConfig } from '../config/app-config.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/**
 * Authorization headers that must all be refused (401) on every guarded route: none, garbage,
 * a token signed with another key, `alg: none`, an expired one signed with the right key, a valid
 * token whose payload was changed (role ADMIN) keeping its signature, and a token without `Bearer`.
 */
export async function forgedAuthorizations(
  valid: { token: string; userId: string },
  secret = testAppConfig().jwtSecret,
): Promise<Record<string, string | undefined>> {
  const exp = Math.floor(Date.now() / 1000) + 300;
  const wrongKey = await new SignJWT({ role: 'ADMIN' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(valid.userId)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
  const expired = await new SignJWT({ role: 'USER' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(valid.userId)
    .setIssuedAt(exp - 7200)
    .setExpirationTime(exp - 3600)
    .sign(secret);
  const [header, , signature] = valid.token.split('.');
  const tampered = `${header}.${b64({ sub: valid.userId, role: 'ADMIN', exp })}.${signature}`;
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: valid.userId, role: 'ADMIN', exp })}.`;
  return {
    none: undefined,
    garbage: 'Bearer garbage',
    empty: 'Bearer ',
    'wrong key': `Bearer ${wrongKey}`,
    'alg none': `Bearer ${algNone}`,
    expired: `Bearer ${expired}`,
    'tampered payload': `Bearer ${tampered}`,
    'no Bearer prefix': valid.token,
    'basic auth': `Basic ${Buffer.from('admin:admin').toString('base64')}`,
  };
}
