import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FileSource } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * Uploaded files. `storageKey` is where the strategy keeps the bytes, never shown;
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
