import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { testAppConfig } from '../support/app-config.js';
import { users } from '../../src/db/schema.js';
import { refreshCookieOf, registerUser, type Harness } from '../support/harness.js';
import { backdateRotations } from '../support/sessions.js';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The valid token's claims, without the named ones, signed again with the right key. */
async function resignedWithout(token: string, omit: string[], secret: Uint8Array): Promise<string> {
  const claims = decodeJwt(token);
  for (const name of omit) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/**
 * Authorization headers that must all be refused (401) on every guarded route: none, garbage,
 * a token signed with another key, `alg: none`, an expired one signed with the right key, a valid
 * token whose payload was changed (role ADMIN) keeping its signature, a token without `Bearer`,
 * and the valid token's claims signed with the right key but without `exp` (valid forever) or
 * without the session id (no revocation check possible).
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
  const noExp = await resignedWithout(valid.token, ['exp'], secret);
  const noSession = await resignedWithout(valid.token, ['sid'], secret);
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
    'no exp': `Bearer ${noExp}`,
    'no session id': `Bearer ${noSession}`,
  };
}

/**
 * Validly signed, unexpired access tokens whose session has ended, each refused (401) on every
 * guarded route: the account was deleted (the row gone, or marked deleted), the user logged out,
 * or the token family was revoked because a rotated refresh token came back after the grace
 * window. Each token is used once while valid first, so a cache of live sessions is warm.
 */
export async function endedSessionAuthorizations(h: Harness): Promise<Record<string, string>> {
  const { db } = h.database;
  const use = async (token: string) => {
    const res = await fetch(`${h.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`a live token answered ${res.status}`);
  };
  const refresh = (cookie: string) =>
    fetch(`${h.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });

  const deleted = await registerUser(h.url, 'Deleted Person');
  await db.delete(users).where(eq(users.id, deleted.user.id));
  const softDeleted = await registerUser(h.url, 'Soft Deleted');
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, softDeleted.user.id));

  const loggedOut = await registerUser(h.url, 'Logged Out');
  await use(loggedOut.token);
  await fetch(`${h.url}/api/auth/logout`, { method: 'POST', headers: { cookie: loggedOut.cookie } });

  const robbed = await registerUser(h.url, 'Robbed Person');
  const rotated = await refresh(robbed.cookie);
  const successor = ((await rotated.json()) as { token: string }).token;
  refreshCookieOf(rotated);
  await use(successor);
  // The rotation happened long ago: the old refresh token coming back now is reuse, not a retry.
  await backdateRotations(h, robbed.user.id);
  const reuse = await refresh(robbed.cookie);
  if (reuse.status !== 401) throw new Error(`reuse answered ${reuse.status}`);

  return {
    'deleted account': `Bearer ${deleted.token}`,
    'account marked deleted': `Bearer ${softDeleted.token}`,
    'logged out': `Bearer ${loggedOut.token}`,
    'family revoked (first token)': `Bearer ${robbed.token}`,
    'family revoked (successor)': `Bearer ${successor}`,
  };
}
