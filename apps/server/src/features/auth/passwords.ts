import { hash, verify } from '@node-rs/argon2';
import { lazyModule } from '../../platform/lazy.js';

/** Only the first sign-in of an account moved from LibreChat needs bcrypt. */
const bcrypt = lazyModule('bcryptjs', async () => (await import('bcryptjs')).default);

/**
 * A bcrypt hash as LibreChat (and most Node servers before it) stored passwords: `$2a$`, `$2b$`
 * or `$2y$`, the cost, then 53 characters of salt and digest. Accounts moved from LibreChat keep
 * theirs until their first sign-in here.
 */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export const isBcryptHash = (stored: string): boolean => BCRYPT_HASH.test(stored);

/** What checking a password found: whether it matches, and the hash to store in its place. */
export interface PasswordCheck {
  ok: boolean;
  /** Set when the stored hash is of another scheme: the same password in this product's own. */
  rehashed?: string;
}

/** This product's own scheme for every password it stores. */
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * Checks a password against a stored hash of this product's scheme, or against a bcrypt hash
 * brought from LibreChat; a bcrypt match is hashed again in this product's scheme, so the older
 * hash is used once and then gone.
 */
export async function checkPassword(stored: string, password: string): Promise<PasswordCheck> {
  if (!isBcryptHash(stored)) return { ok: await verify(stored, password) };
  // bcrypt reads at most 72 bytes; LibreChat's own check had the same bound.
  const ok = await (await bcrypt.load()).compare(password, stored);
  return ok ? { ok, rehashed: await hashPassword(password) } : { ok };
}
