import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.js';

/**
 * A person's identity at a social or OpenID Connect provider (`provider`, its `subject`), linked
 * to one account: a later sign-in through the provider finds the account by this row, not by
 * e-mail.
 */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_identities_subject_idx').on(t.provider, t.subject),
    index('oauth_identities_user_idx').on(t.userId),
  ],
);
export type OAuthIdentityRow = typeof oauthIdentities.$inferSelect;

/**
 * A sign-in started at GET /oauth/:provider and not yet finished: only a hash of its `state` is
 * kept, with the PKCE verifier and the OpenID nonce. The callback spends it (one conditional
 * DELETE), so a replayed callback finds nothing.
 */
export const oauthFlows = pgTable('oauth_flows', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
