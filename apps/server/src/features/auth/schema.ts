import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { USER_ROLES } from '@chat/contract';
import { timestamps } from '../../db/columns.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    role: text('role', { enum: USER_ROLES }).notNull().default('USER'),
    provider: text('provider').notNull().default('local'),
    emailVerified: boolean('email_verified').notNull().default(false),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    /** The user accepted librechat.yaml's terms dialog (LibreChat's `termsAccepted`). */
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    /** The operator's reason for the ban (admin panel); null for a violations ban or none given. */
    banReason: text('ban_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Keys of the plugins the user installed, in install order. */
    plugins: jsonb('plugins').$type<string[]>().notNull().default([]),
    /**
     * Sign-in asks for a second factor (LibreChat's `twoFactorEnabled`); the secret and backup
     * codes are features/two-factor's table. Here so that every sign-in reads it with the account.
     */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The device fingerprint sent at registration (a hash the browser computed). */
    fingerprint: text('fingerprint'),
    /** The address the server saw the registration come from (request.ip: TRUST_PROXY honoured). */
    registrationIp: text('registration_ip'),
    /** The `ipAddress` the client said it had at registration: the client's word, kept apart. */
    reportedIp: text('reported_ip'),
    // Subscription.
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    /** The `created` (Unix seconds) of the newest Stripe event applied: an older one never rolls back. */
    subscriptionEventAt: bigint('subscription_event_at', { mode: 'number' }),
    trialEligible: boolean('trial_eligible').notNull().default(true),
    /** A free-tier account's messages left (provider freeTier); null for everyone else. */
    freeMessages: integer('free_messages'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_customer_id_idx').on(t.customerId),
    // One free-tier account per device fingerprint and per address: no second allowance.
    uniqueIndex('users_free_tier_fingerprint_idx')
      .on(t.fingerprint)
      .where(sql`${t.provider} = 'freeTier'`),
    uniqueIndex('users_free_tier_ip_idx')
      .on(t.registrationIp)
      .where(sql`${t.provider} = 'freeTier'`),
  ],
);
export type UserRow = typeof users.$inferSelect;

/**
 * One-use tokens mailed (or shown) to a person: a password reset or an email confirmation. Only a
 * hash of the token is kept; `usedAt` marks it spent.
 */
export const identityTokens = pgTable(
  'identity_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset_password', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_tokens_hash_idx').on(t.tokenHash),
    index('identity_tokens_user_idx').on(t.userId),
  ],
);
export type IdentityTokenRow = typeof identityTokens.$inferSelect;

/** Refresh-token sessions. Only a hash of the token is kept; a family shares one login. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set on an impersonation session (features/admin): the operator who started it. Its tokens
     * carry `imp`, never reach the operator's routes, and end back in the operator's own session.
     */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The auth guard's live-session lookup and family revocation: a family's one unrevoked token,
    // both equalities in one index (no statistics needed to avoid ANDing in the user's index; a
    // family keeps every rotated token, so a full family index grows with each refresh).
    index('sessions_live_family_idx')
      .on(t.familyId, t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
export type SessionRow = typeof sessions.$inferSelect;
