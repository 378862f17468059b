import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportJobStatus, ImportReport } from '@chat/contract';
import { IMPORT_JOB_STATUSES } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

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
