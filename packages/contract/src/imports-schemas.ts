import { z } from 'zod';
import { route } from './route-def.js';
import {
  IMPORT_FORMATS,
  IMPORT_JOB_STATUSES,
  IMPORT_PART_SKIP_REASONS,
  IMPORT_SKIP_REASONS,
} from './imports.js';

const partSkipsSchema = z.partialRecord(z.enum(IMPORT_PART_SKIP_REASONS), z.number().int());

export const importItemSchema = z.object({
  /** Position of the conversation in the file, from 0. */
  index: z.number().int(),
  title: z.string(),
  /**
   * imported: a new conversation; updated: imported before, and the file's newer copy added the
   * messages it gained (`messages` counts those); skipped: nothing written (`reason`).
   */
  status: z.enum(['imported', 'updated', 'skipped']),
  reason: z.enum(IMPORT_SKIP_REASONS).optional(),
  detail: z.string().optional(),
  conversationId: z.string().optional(),
  messages: z.number().int().optional(),
  /** Parts of its messages left out, by reason. */
  skippedParts: partSkipsSchema.optional(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS).nullable(),
  imported: z.number().int(),
  /** Conversations imported before that gained messages from this file. */
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Messages of the new conversations. */
  messages: z.number().int(),
  /** Messages added to the updated conversations. */
  addedMessages: z.number().int(),
  /** Parts of imported messages left out, by reason (the messages themselves are kept). */
  skippedParts: partSkipsSchema,
  /** Messages longer than CHAT_LIMITS.maxMessageChars, cut to it. */
  truncatedMessages: z.number().int(),
  skippedByReason: z.partialRecord(z.enum(IMPORT_SKIP_REASONS), z.number().int()),
  /** The first IMPORT_LIMITS.maxReportItems conversations; `itemsTruncated` when there were more. */
  items: z.array(importItemSchema),
  itemsTruncated: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importStartedSchema = z.object({ message: z.string(), jobId: z.string() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  /** scheduled (stored, waiting), running, completed (`report`), failed (`error`, and `report`). */
  status: z.enum(IMPORT_JOB_STATUSES),
  /** Bytes of the file read so far, of its size. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** When completed, or failed after some conversations: what was imported (each whole). */
  report: importReportSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const IMPORT_ROUTES = {
  importConvos: route({
    method: 'POST',
    path: '/api/convos/import',
    summary:
      'Import conversations from a ChatGPT, LibreChat or own JSON export (multipart field `file`); stores the file and answers 201 with the job id at once',
    response: importStartedSchema,
    multipart: { file: 'file', fields: z.object({}) },
  }),
  importJobStatus: route({
    method: 'GET',
    path: '/api/convos/import/jobs/:jobId',
    summary: "An import job's status: progress, then its report (the caller's own jobs only)",
    params: z.object({ jobId: z.string().uuid() }),
    response: importJobSchema,
  }),
};
