import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AssistantTool,
  ConversationOptions,
  FileSource,
  ImportJobStatus,
  ImportReport,
  MessageFile,
  PluginState,
} from '@chat/contract';
import { AUDIT_ACTIONS, BLOG_STATUSES, IMPORT_JOB_STATUSES, USER_ROLES } from '@chat/contract';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    /** The operator's reason for the ban (admin panel); null for a violations ban or none given. */
    banReason: text('ban_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Keys of the plugins the user installed (spec §3 User plugins), in install order. */
    plugins: jsonb('plugins').$type<string[]>().notNull().default([]),
    /** The device fingerprint sent at registration (business §3: a hash the browser computed). */
    fingerprint: text('fingerprint'),
    /** The address the server saw the registration come from (request.ip: TRUST_PROXY honoured). */
    registrationIp: text('registration_ip'),
    /** The `ipAddress` the client said it had at registration: the client's word, kept apart. */
    reportedIp: text('reported_ip'),
    // Subscription (business §3 User, kept by the billing feature from Stripe's webhooks).
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

export const conversations = pgTable(
  'conversations',
  {
    conversationId: uuid('conversation_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    endpoint: text('endpoint').notNull(),
    model: text('model'),
    options: jsonb('options').$type<ConversationOptions>().notNull().default({}),
    /**
     * Set on an imported conversation: its file's format and the source conversation's id
     * (features/imports). Unique per user, so importing the same file twice adds nothing.
     */
    importKey: text('import_key'),
    ...timestamps,
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('conversations_user_import_key_idx').on(t.userId, t.importKey),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** Messages form a tree through parent_message_id; the root parent is the all-zero UUID. */
export const messages = pgTable(
  'messages',
  {
    messageId: uuid('message_id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentMessageId: uuid('parent_message_id').notNull(),
    sender: text('sender').notNull(),
    text: text('text').notNull().default(''),
    isCreatedByUser: boolean('is_created_by_user').notNull(),
    endpoint: text('endpoint'),
    model: text('model'),
    error: boolean('error').notNull().default(false),
    unfinished: boolean('unfinished').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    finishReason: text('finish_reason'),
    tokenCount: integer('token_count'),
    /** A plugins reply's display states (spec §4), saved with its outcome; null without any. */
    plugins: jsonb('plugins').$type<PluginState[]>(),
    /** The images the user attached (spec §3 Message files); null without any. */
    files: jsonb('files').$type<MessageFile[]>(),
    /**
     * A reply's: the first message its model was shown, when older ones were left out (or
     * summarized) to fit the model's context; null when the whole conversation was sent. The chat
     * shows where the context begins from it, after a reload too.
     */
    contextMessageId: uuid('context_message_id'),
    ...timestamps,
  },
  (t) => [
    // A conversation's messages, owner-checked, in order: both equalities in one index, so the
    // plan never ANDs in the user's whole index (PGlite runs no ANALYZE; without statistics the
    // planner chose a BitmapAnd that read the user's 1,000,000 index entries).
    index('messages_convo_user_created_idx').on(t.conversationId, t.userId, t.createdAt),
    // Search walks a user's messages newest first (features/search).
    index('messages_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/**
 * A user's own key for one endpoint (spec §3 User-provided key). `value` is AES-256-GCM sealed
 * with CREDS_KEY (platform/seal.ts), bound to the user and the endpoint name; never returned.
 */
export const userKeys = pgTable(
  'user_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] }), index('user_keys_expires_idx').on(t.expiresAt)],
);
export type UserKeyRow = typeof userKeys.$inferSelect;

/**
 * A user's credential for one auth field of a plugin (spec §4 Plugin install): AES-256-GCM
 * sealed with CREDS_KEY (platform/seal.ts), bound to the user, the plugin and the field; never
 * returned by any route.
 */
export const pluginAuth = pgTable(
  'plugin_auth',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginKey: text('plugin_key').notNull(),
    authField: text('auth_field').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.pluginKey, t.authField] })],
);
export type PluginAuthRow = typeof pluginAuth.$inferSelect;

/** Per-model system prompt and prefill, set by the operator (spec §3 model configuration). */
export const modelConfigs = pgTable('model_configs', {
  name: text('name').primaryKey(),
  jailbreakPrompt: text('jailbreak_prompt').notNull().default(''),
  prefill: text('prefill').notNull().default(''),
  ...timestamps,
});
export type ModelConfigRow = typeof modelConfigs.$inferSelect;

/** A user's token balance in credits (CHECK_BALANCE); one row per user, made at sign-up or lazily. */
export const balances = pgTable(
  'balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenCredits: bigint('token_credits', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  // Nothing spends what is not there: a write that would go below zero fails.
  (t) => [check('balances_token_credits_nonnegative', sql`${t.tokenCredits} >= 0`)],
);
export type BalanceRow = typeof balances.$inferSelect;

/**
 * Every change of a balance, with the balance it left: the starting grant, a reply's reservation
 * and its settlement with the real usage, an operator's issue or spend.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['start', 'reserve', 'settle', 'issue', 'spend', 'bonus'] }).notNull(),
    /** Credits added (positive) or taken (negative). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    model: text('model'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    conversationId: uuid('conversation_id'),
    messageId: uuid('message_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transactions_user_created_idx').on(t.userId, t.createdAt)],
);
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * One violation of a user (LibreChat's logViolation): its type and score. The sum of a user's
 * scores decides bans (BAN_INTERVAL); the admin panel lists this month's counts.
 */
export const violations = pgTable(
  'violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['login', 'concurrent', 'message_limit', 'illegal_model_request'] }).notNull(),
    score: integer('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('violations_user_idx').on(t.userId), index('violations_created_idx').on(t.createdAt)],
);
export type ViolationRecord = typeof violations.$inferSelect;

/**
 * A user's saved setups (spec §3 Preset): the endpoint, model and conversation options, a title,
 * an order and whether it is the user's default; at most one default per user (the partial index).
 */
export const presets = pgTable(
  'presets',
  {
    presetId: uuid('preset_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    endpoint: text('endpoint').notNull(),
    model: text('model'),
    options: jsonb('options').$type<ConversationOptions>().notNull().default({}),
    defaultPreset: boolean('default_preset').notNull().default(false),
    order: integer('order'),
    ...timestamps,
  },
  (t) => [
    index('presets_user_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('presets_one_default_idx')
      .on(t.userId)
      .where(sql`${t.defaultPreset}`),
  ],
);
export type PresetRow = typeof presets.$inferSelect;

/**
 * Assistants (spec §3 Assistant): kept here since OpenAI retired its Assistants API, run through
 * chat completions with tools (features/assistants). `seq` orders a user's list and its paging.
 */
export const assistants = pgTable(
  'assistants',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    description: text('description'),
    instructions: text('instructions'),
    model: text('model').notNull(),
    tools: jsonb('tools').$type<AssistantTool[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('assistants_user_seq_idx').on(t.userId, t.seq)],
);
export type AssistantRow = typeof assistants.$inferSelect;

/**
 * Why people deleted their accounts (business §4: the delete wizard's optional reason), kept as
 * feedback for the operator. Nothing links a row to the account, which is gone with all its data.
 */
export const accountDeletions = pgTable('account_deletions', {
  id: uuid('id').primaryKey().defaultRandom(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/**
 * Uploaded files (spec §3 File). `storageKey` is where the strategy keeps the bytes, never shown;
 * the API's filepath is the authenticated download route of `fileId`.
 */
export const files = pgTable(
  'files',
  {
    fileId: uuid('file_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<FileSource>().notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    type: text('type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    ...timestamps,
  },
  (t) => [index('files_user_created_idx').on(t.userId, t.createdAt.desc())],
);
export type FileRow = typeof files.$inferSelect;

/**
 * A basic user's premium-model sends per UTC day (features/premium): one row per user and day,
 * counted up by one conditional upsert (never past the allowance) and down when nothing went out.
 */
export const premiumUses = pgTable(
  'premium_uses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('premium_uses_nonnegative', sql`${t.uses} >= 0`)],
);

/** The social-media bonus claimed, at most once per user and platform (features/social-bonus). */
export const socialBonusClaims = pgTable(
  'social_bonus_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_bonus_claims_user_platform_uq').on(t.userId, t.platform)],
);

/**
 * Stripe events already applied, by event id: a delivery of one again (Stripe retries, replays)
 * changes nothing. Written in the same transaction as the change the event made.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's `created`, Unix seconds. */
  created: bigint('created', { mode: 'number' }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a user's subscription status, for the operator (issue 13 item 6). */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Stripe event; null for a change the server made from Stripe's answer (a trial started). */
    eventId: text('event_id'),
    eventType: text('event_type').notNull(),
    oldStatus: text('old_status'),
    newStatus: text('new_status'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_history_user_idx').on(t.userId, t.createdAt)],
);
export type SubscriptionHistoryDbRow = typeof subscriptionHistory.$inferSelect;

/**
 * Blog posts (business spec §3 Blog post, §4 status). Public readers see only `Approved` ones; the
 * author is kept as a reference (null once the account is gone: such a post is nobody's, and
 * only an ADMIN may then change or delete it). `publishedAt` is set when a post is first Approved.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaDescription: text('meta_description').notNull(),
    content: text('content').notNull(),
    featuredImage: text('featured_image'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    seoKeywords: jsonb('seo_keywords').$type<string[]>().notNull().default([]),
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('Draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_status_idx').on(t.status, t.publishedAt.desc()),
    index('blog_posts_author_idx').on(t.authorId),
  ],
);
export type BlogPostRow = typeof blogPosts.$inferSelect;

/**
 * The error log (business §3 Logged error record): every provider or server error that reached a
 * user, secrets redacted before the row is written (features/error-log). The user is a reference
 * (their email is read with the record; set null when the account goes). Bounded: the contract's
 * ERROR_LOG_RETENTION (newest rows, maximum age).
 */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    errorCode: text('error_code').notNull(),
    errorMessage: text('error_message').notNull(),
    errorType: text('error_type').notNull(),
    errorStack: text('error_stack'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    model: text('model'),
    endpoint: text('endpoint'),
    conversationId: text('conversation_id'),
    messageId: text('message_id'),
    text: text('text'),
    route: text('route'),
    ...timestamps,
  },
  (t) => [
    index('error_logs_code_idx').on(t.errorCode, t.createdAt.desc()),
    index('error_logs_created_idx').on(t.createdAt.desc()),
  ],
);
export type ErrorLogRow = typeof errorLogs.$inferSelect;

/**
 * What the operator did in the admin panel (features/audit): who (their id, null once the account
 * is gone, and email as it was), the action, whom (an email, or a model config's name), its
 * detail (a ban's duration and reason, a role, the fields of a config changed) and when.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    target: text('target').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * An import of conversations (features/imports): the stored upload (`import_job_chunks`), how far
 * the job got (`nextIndex`: conversations of the file handled, with `report` written in the same
 * transaction as their batch, so a resumed job neither repeats nor loses one), and which instance
 * runs it until when (`leaseOwner`, `leaseUntil`). The chunks go when the job ends.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: IMPORT_JOB_STATUSES })
      .$type<ImportJobStatus>()
      .notNull()
      .default('scheduled'),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    chunks: integer('chunks').notNull(),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    nextIndex: integer('next_index').notNull().default(0),
    /** The report so far without its items (counts), and its items apart: they stop changing
     * once the report's list is full, and are then not written again with every batch. */
    report: jsonb('report').$type<Omit<ImportReport, 'items'>>(),
    reportItems: jsonb('report_items').$type<ImportReport['items']>(),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('import_jobs_user_status_idx').on(t.userId, t.status),
    index('import_jobs_status_lease_idx').on(t.status, t.leaseUntil),
  ],
);
export type ImportJobRow = typeof importJobs.$inferSelect;

/** An import's uploaded file, in pieces (base64 text: the same on PGlite and PostgreSQL). */
export const importJobChunks = pgTable(
  'import_job_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
