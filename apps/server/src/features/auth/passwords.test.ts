import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword, isBcryptHash } from './passwords.js';

describe('checkPassword', () => {
  it("checks this product's own hashes without asking for another", async () => {
    const stored = await hashPassword('plain sailing 1');
    expect(await checkPassword(stored, 'plain sailing 1')).toEqual({ ok: true });
    expect(await checkPassword(stored, 'plain sailing 2')).toEqual({ ok: false });
  });

  it('checks a bcrypt hash ($2a$ and $2b$) and answers the password in this product’s scheme', async () => {
    const b = bcrypt.hashSync('from librechat 9', 4);
    for (const stored of [b, b.replace(/^\$2b\$/, '$2a$')]) {
      expect(isBcryptHash(stored)).toBe(true);
      const check = await checkPassword(stored, 'from librechat 9');
      expect(check.ok).toBe(true);
      expect(check.rehashed).toMatch(/^\$argon2id\$/);
      expect(await checkPassword(check.rehashed!, 'from librechat 9')).toEqual({ ok: true });
      expect(await checkPassword(stored, 'from librechat 8')).toEqual({ ok: false });
    }
  });

  it('does not take a truncated or foreign hash for bcrypt', () => {
    const b = bcrypt.hashSync('x', 4);
    expect(isBcryptHash(b.slice(0, -1))).toBe(false);
    expect(isBcryptHash(b.replace(/^\$2b\$/, '$2x$'))).toBe(false);
    expect(isBcryptHash('$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toBe(false);
  });
});
