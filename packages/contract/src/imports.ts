import { z } from 'zod';
import { route } from './route-def.js';

/**
 * Importing conversations (beyond the spec; LibreChat's path POST /api/convos/import, multipart
 * field `file`): a ChatGPT export (`conversations.json`), a LibreChat JSON export, or this app's
 * own JSON export (the export dialog's json, written in LibreChat's shape). The file is read as
 * a stream, one conversation at a time; the reply is an event stream of progress events and a
 * final report (or an error event that still carries the report so far).
 */
export const IMPORT_LIMITS = {
  /** The largest file accepted. */
  maxFileBytes: 512 * 1024 * 1024,
  /** A single conversation larger than this (as JSON text) stops the import: memory stays bounded. */
  maxConversationBytes: 64 * 1024 * 1024,
  maxConversations: 100_000,
  maxMessagesPerConversation: 10_000,
  /** Ids and keys of the source file longer than this are refused (they are only looked up). */
  maxSourceIdChars: 200,
  maxSenderChars: 128,
  maxModelChars: 256,
  /** Conversations written together in one transaction, at most (and at most this much text). */
  writeBatchConversations: 100,
  writeBatchChars: 4_000_000,
  /** Entries of the report's list; counts cover everything. */
  maxReportItems: 1000,
  /** Progress events are sent at most this often. */
  progressIntervalMs: 200,
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

export const importProgressEventSchema = z.object({
  progress: z.literal(true),
  /** Bytes of the file read so far, and its size when the client said it (else null). */
  bytes: z.number().int(),
  totalBytes: z.number().int().nullable(),
  imported: z.number().int(),
  skipped: z.number().int(),
});
export const importFinalEventSchema = z.object({ final: z.literal(true), report: importReportSchema });
export const importErrorEventSchema = z.object({
  error: z.literal(true),
  code: z.string(),
  message: z.string(),
  /** What was imported before the error (each conversation whole or not at all). */
  report: importReportSchema,
});
export const importEventSchema = z.union([
  importProgressEventSchema,
  importFinalEventSchema,
  importErrorEventSchema,
]);
export type ImportProgressEvent = z.infer<typeof importProgressEventSchema>;
export type ImportFinalEvent = z.infer<typeof importFinalEventSchema>;
export type ImportErrorEvent = z.infer<typeof importErrorEventSchema>;
export type ImportEvent = z.infer<typeof importEventSchema>;

export const IMPORT_ROUTES = {
  importConvos: route({
    method: 'POST',
    path: '/api/convos/import',
    summary:
      'Import conversations from a ChatGPT, LibreChat or own JSON export (multipart field `file`); answers an event stream of progress and a report',
    response: importEventSchema,
    stream: true,
    multipart: { file: 'file', fields: z.object({}) },
  }),
};
