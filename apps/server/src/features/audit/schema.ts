import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '@chat/contract';
import { users } from '../auth/schema.js';

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
