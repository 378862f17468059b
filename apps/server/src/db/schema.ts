/**
 * The database's tables: each feature declares its own in its folder (`features/<name>/schema.ts`);
 * this is the list Drizzle reads (drizzle.config.ts) and the code imports the tables through.
 */
export * from '../features/auth/schema.js';
export * from '../features/oauth/schema.js';
export * from '../features/convos/schema.js';
export * from '../features/messages/schema.js';
export * from '../features/keys/schema.js';
export * from '../features/plugins/schema.js';
export * from '../features/model-configs/schema.js';
export * from '../features/balance/schema.js';
export * from '../features/moderation/schema.js';
export * from '../features/presets/schema.js';
export * from '../features/assistants/schema.js';
export * from '../features/account/schema.js';
export * from '../features/files/schema.js';
export * from '../features/premium/schema.js';
export * from '../features/social-bonus/schema.js';
export * from '../features/billing/schema.js';
export * from '../features/blog/schema.js';
export * from '../features/error-log/schema.js';
export * from '../features/audit/schema.js';
export * from '../features/imports/schema.js';
export * from '../features/share/schema.js';
export * from '../features/tags/schema.js';
export * from '../features/memories/schema.js';
export * from '../features/prompts/schema.js';
export * from '../features/two-factor/schema.js';
export * from '../features/feedback/schema.js';
export * from '../features/agents/schema.js';
export * from '../features/actions/schema.js';
export * from '../features/file-search/schema.js';
