import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { passkeys, twoFactorSecrets, users } from './db/schema.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const envWithout = (name: string) =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== name));

/** `npm run admin -- …` as the operator runs it, on a PGlite store in DATA_DIR. */
const admin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...envWithout('DATABASE_URL'), DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm run admin -- set-role', () => {
  it('sets the role of the account with that email, and says so when there is none', async () => {
    const first = await openDatabase({ dataDir });
    const [row] = await first.db
      .insert(users)
      .values({ name: 'Wendy', email: 'Wendy@Example.com' })
      .returning({ id: users.id });
    await first.close();

    const ok = admin('set-role', 'wendy@example.com', 'WRITER');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('Wendy@Example.com is now WRITER\n');
    const again = await openDatabase({ dataDir });
    const [after] = await again.db.select({ role: users.role }).from(users).where(eq(users.id, row!.id));
    await again.close();
    expect(after?.role).toBe('WRITER');

    expect(admin('set-role', 'nobody@example.com', 'ADMIN').status).toBe(1);
    const usage = admin('set-role', 'wendy@example.com', 'OWNER');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run admin -- set-role EMAIL USER|WRITER|ADMIN');
  }, 120_000);
});

describe('npm run admin -- reset-2fa', () => {
  it("turns an account's second factor off and removes its passkeys", async () => {
    const first = await openDatabase({ dataDir });
    const [row] = await first.db
      .insert(users)
      .values({ name: 'Tess', email: 'Tess@Example.com', twoFactorEnabled: true })
      .returning({ id: users.id });
    await first.db.insert(twoFactorSecrets).values({ userId: row!.id, totpSecret: 'v1.sealed' });
    await first.db
      .insert(passkeys)
      .values({ userId: row!.id, credentialId: 'cred-tess', publicKey: 'AA', name: 'Phone' });
    await first.close();

    const ok = admin('reset-2fa', 'tess@example.com');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('Tess@Example.com: two-factor authentication is off; 1 passkey(s) removed\n');
    const again = await openDatabase({ dataDir });
    const [after] = await again.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, row!.id));
    const secrets = await again.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, row!.id));
    const keys = await again.db.select().from(passkeys).where(eq(passkeys.userId, row!.id));
    await again.close();
    expect(after?.on).toBe(false);
    expect(secrets).toEqual([]);
    expect(keys).toEqual([]);
    expect(admin('reset-2fa', 'nobody@example.com').status).toBe(1);
    expect(admin('reset-2fa').status).toBe(2);
  }, 120_000);
});

describe('npm run admin -- unban', () => {
  it("ends an account's ban (the operator's own included), says what it did, and says so when there is none", async () => {
    const until = new Date(Date.now() + 2 * 60 * 60_000);
    const first = await openDatabase({ dataDir });
    const [row] = await first.db
      .insert(users)
      .values({ name: 'Olga', email: 'Olga@Example.com', bannedUntil: until, banReason: 'violations' })
      .returning({ id: users.id });
    await first.close();

    const ok = admin('unban', 'olga@example.com');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toBe(
      `Olga@Example.com is no longer banned (the ban would have ended ${until.toISOString()})\n`,
    );
    const again = await openDatabase({ dataDir });
    const [after] = await again.db
      .select({ bannedUntil: users.bannedUntil, banReason: users.banReason })
      .from(users)
      .where(eq(users.id, row!.id));
    await again.close();
    expect(after).toEqual({ bannedUntil: null, banReason: null });

    const twice = admin('unban', 'olga@example.com');
    expect(twice.status).toBe(0);
    expect(twice.stdout).toBe('Olga@Example.com was not banned; nothing to do\n');
    expect(admin('unban', 'nobody@example.com').status).toBe(1);
    const usage = admin('unban');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- unban EMAIL');
  }, 120_000);
});

describe('npm run admin -- import-librechat', () => {
  it('moves a LibreChat folder of mongoexport files, prints the counts, and adds nothing the second time', () => {
    const folder = 'apps/server/src/features/imports/test/librechat-mongo';
    const uploads = 'apps/server/src/features/imports/test/librechat-uploads';
    const first = admin('import-librechat', folder, '--uploads', uploads);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.split('\n').slice(0, 7)).toEqual([
      'users         added 4, already there 0, skipped 1 (invalid: 1)',
      'files         added 1, already there 0, skipped 6 (unsupported_file: 1, file_not_found: 3, owner_not_moved: 1, invalid: 1)',
      'conversations added 3, already there 0, skipped 2 (owner_not_moved: 1, temporary: 1)',
      'messages      added 8, already there 0, skipped 4 (owner_not_moved: 1, no_conversation: 1, temporary: 1, unreadable: 1)',
      'presets       added 2, already there 0, skipped 1 (owner_not_moved: 1)',
      'balances      added 2, already there 0, skipped 1 (owner_not_moved: 1)',
      'transactions  added 3, already there 0, skipped 2 (owner_not_moved: 1, invalid: 1)',
    ]);
    expect(first.stdout).toContain('messages.json line 12: not a JSON object');

    const second = admin('import-librechat', folder, '--uploads', uploads);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.split('\n').slice(0, 7)).toEqual([
      'users         added 0, already there 4, skipped 1 (invalid: 1)',
      'files         added 0, already there 1, skipped 6 (unsupported_file: 1, file_not_found: 3, owner_not_moved: 1, invalid: 1)',
      'conversations added 0, already there 3, skipped 2 (owner_not_moved: 1, temporary: 1)',
      'messages      added 0, already there 8, skipped 4 (owner_not_moved: 1, no_conversation: 1, temporary: 1, unreadable: 1)',
      'presets       added 0, already there 2, skipped 1 (owner_not_moved: 1)',
      'balances      added 0, already there 2, skipped 1 (owner_not_moved: 1)',
      'transactions  added 0, already there 3, skipped 2 (owner_not_moved: 1, invalid: 1)',
    ]);

    const notAFolder = admin('import-librechat', join(folder, 'users.json'));
    expect(notAFolder.status).toBe(1);
    expect(notAFolder.stderr).toContain('is not a folder');
    const uploadsNotAFolder = admin('import-librechat', folder, '--uploads', join(folder, 'files.json'));
    expect(uploadsNotAFolder.status).toBe(1);
    expect(uploadsNotAFolder.stderr).toContain('files.json is not a folder');
    const usage = admin('import-librechat');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- import-librechat FOLDER [--uploads');
    expect(admin('import-librechat', folder, '--uploads').status).toBe(2);
  }, 120_000);
});
