import { z } from 'zod';
import { route } from './route-def.js';

/**
 * Importing conversations (beyond the spec; LibreChat's path POST /api/convos/import, multipart
 * field `file`): a ChatGPT export (`conversations.json`), a LibreChat JSON export, or this app's
 * own JSON export (the export dialog's json, written in LibreChat's shape). The upload is stored
 * and the route answers at once with a job id (LibreChat's `{ message, jobId }`); the job reads
 * the file one conversation at a time in small batches, and its status (progress, then the
 * report, or an error that still carries the report so far) is polled at
 * GET /api/convos/import/jobs/:jobId (LibreChat's path).
 */
export const IMPORT_LIMITS = {
  /**
   * The largest file the server ever takes, whatever IMPORT_MAX_FILE_MB says. The default limit
   * is IMPORT_DEFAULTS.maxFileMb.
   */
  maxFileBytes: 512 * 1024 * 1024,
  /** A single conversation larger than this (as JSON text) stops the import: memory stays bounded. */
  maxConversationBytes: 64 * 1024 * 1024,
  maxConversations: 100_000,
  maxMessagesPerConversation: 10_000,
  /** Ids and keys of the source file longer than this are refused (they are only looked up). */
  maxSourceIdChars: 200,
  maxSenderChars: 128,
  maxModelChars: 256,
  /**
   * Conversations written together in one transaction, at most (and at most this many messages
   * and this much text). Small, so one batch holds the database for a short while and other
   * users' requests are served between batches.
   */
  writeBatchConversations: 25,
  writeBatchMessages: 2_000,
  writeBatchChars: 1_000_000,
  /** Entries of the report's list; counts cover everything. */
  maxReportItems: 1000,
} as const;

/** Import jobs: how the stored upload is kept and how a job is run, polled and handed over. */
export const IMPORT_JOB_LIMITS = {
  /** The upload is stored in the database in pieces of this size (read back one at a time). */
  chunkBytes: 1024 * 1024,
  /**
   * A running job belongs to one instance until this long after its last batch: an instance that
   * stopped without finishing it leaves it to another (or to itself after a restart).
   */
  leaseMs: 60_000,
  /** How often each instance looks for jobs that are waiting or whose owner stopped. */
  claimIntervalMs: 5_000,
  /** How often the import dialog asks for the job's status. */
  pollIntervalMs: 1_000,
  /** An ended job (its status and report) is kept this long, then deleted (its route answers 404). */
  keepEndedMs: 7 * 24 * 60 * 60_000,
} as const;

/**
 * The per-user quota's defaults (settings IMPORT_MAX_FILE_MB and IMPORT_MAX_ACTIVE_JOBS). 100 MB
 * holds a ChatGPT export of several hundred thousand messages; past it an upload is refused
 * before it is stored (the former 512 MB let one user fill the disk and hold the server).
 */
export const IMPORT_DEFAULTS = {
  maxFileMb: 100,
  /** Imports waiting or running at once, per user. */
  maxActiveJobs: 1,
} as const;

export const IMPORT_FORMATS = ['chatgpt', 'librechat'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Why a conversation of the file was not imported. */
export const IMPORT_SKIP_REASONS = [
  /** The same source conversation was imported before (its import key is taken). */
  'already_imported',
  /** Nothing a person or a model wrote (only system, tool or empty nodes). */
  'no_messages',
  'too_many_messages',
  /** Neither a ChatGPT nor a LibreChat conversation. */
  'unknown_format',
  /** A field has the wrong type or shape; `detail` names it. */
  'invalid',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export const importItemSchema = z.object({
  /** Position of the conversation in the file, from 0. */
  index: z.number().int(),
  title: z.string(),
  status: z.enum(['imported', 'skipped']),
  reason: z.enum(IMPORT_SKIP_REASONS).optional(),
  detail: z.string().optional(),
  conversationId: z.string().optional(),
  messages: z.number().int().optional(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS).nullable(),
  imported: z.number().int(),
  skipped: z.number().int(),
  messages: z.number().int(),
  /** Messages longer than CHAT_LIMITS.maxMessageChars, cut to it. */
  truncatedMessages: z.number().int(),
  skippedByReason: z.partialRecord(z.enum(IMPORT_SKIP_REASONS), z.number().int()),
  /** The first IMPORT_LIMITS.maxReportItems conversations; `itemsTruncated` when there were more. */
  items: z.array(importItemSchema),
  itemsTruncated: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const IMPORT_JOB_STATUSES = ['scheduled', 'running', 'completed', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

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
