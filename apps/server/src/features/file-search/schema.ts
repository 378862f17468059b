import { bigint, boolean, customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FileSearchState } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';
import { files } from '../files/schema.js';

/** `real[]`: an embedding as PostgreSQL keeps it without pgvector (cast to `vector` where it is). */
const realArray = customType<{ data: number[]; driverData: number[] | string }>({
  dataType: () => 'real[]',
  fromDriver: (v) =>
    Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number),
});

/**
 * A document uploaded for file search and where its ingestion stands. One row per file, gone with
 * the file (and with its owner).
 */
export const fileSearchFiles = pgTable(
  'file_search_files',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.fileId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<FileSearchState>().notNull().default('processing'),
    /** Why it failed; null otherwise. */
    error: text('error'),
    chunks: integer('chunks').notNull().default(0),
    /** Its chunks carry embeddings (an embeddings provider was configured when it was read). */
    embedded: boolean('embedded').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('file_search_files_state_idx').on(t.state)],
);
export type FileSearchFileRow = typeof fileSearchFiles.$inferSelect;

/**
 * The passages of the documents: the text, its place, and its embedding when a provider made one
 * (unit length, so a dot product is the cosine). The full-text column (`content_tsv`, generated
 * from the content) is added by the migration's own SQL and left out here, so ordinary selects
 * never carry it.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.fileId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    /** The PDF page it comes from (1-based); null for other documents. */
    page: integer('page'),
    content: text('content').notNull(),
    embedding: realArray('embedding'),
  },
  (t) => [index('file_chunks_file_idx').on(t.fileId, t.chunkIndex)],
);
export type FileChunkRow = typeof fileChunks.$inferSelect;
