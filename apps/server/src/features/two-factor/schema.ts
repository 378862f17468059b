import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * An account's authenticator-app secret (LibreChat's `totpSecret`), sealed with CREDS_KEY for this
 * user (platform/seal.ts). A row exists from "enable" on; `users.two_factor_enabled` says whether
 * it was confirmed. `lastUsedStep` is the 30-second step of the newest code accepted, so a code
 * seen once (over a shoulder, in a proxy's log) is not accepted a second time.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret').notNull(),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps,
});
export type TwoFactorSecretRow = typeof twoFactorSecrets.$inferSelect;

/**
 * One-use backup codes (LibreChat's `backupCodes`: codeHash, used, usedAt): only an HMAC of each
 * code under CREDS_KEY is kept, so a copy of the database alone cannot try the 2^32 codes.
 */
export const twoFactorBackupCodes = pgTable(
  'two_factor_backup_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'two_factor_backup_codes_pkey', columns: [t.userId, t.codeHash] })],
);

/** A passkey (a WebAuthn credential) that signs its account in. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * A WebAuthn ceremony's challenge, kept here between its options and the authenticator's answer:
 * one use (spent by one DELETE), a few minutes. A sign-in's has no user (the passkey names it).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['register', 'login'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);
