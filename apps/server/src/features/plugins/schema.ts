import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * A user's credential for one auth field of a plugin: AES-256-GCM
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
