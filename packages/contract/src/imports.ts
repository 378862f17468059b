/**
 * Importing conversations (beyond the spec; LibreChat's path POST /api/convos/import, multipart
 * field `file`): a ChatGPT export (`conversations.json`), a LibreChat JSON export, or this app's
 * own JSON export (the export dialog's json, written in LibreChat's shape). The upload is stored
 * and the route answers at once with a job id (LibreChat's `{ message, jobId }`); the job reads
 * the file one conversation at a time in small batches, and its status (progress, then the
 * report, or an error that still carries the report so far) is polled at
 * GET /api/convos/import/jobs/:jobId (LibreChat's path). Zod-free: the route rows and their
 * schemas are in imports-schemas.ts.
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
  /** Nothing a person, a model or a tool wrote (only hidden, system or empty nodes). */
  'no_messages',
  'too_many_messages',
  /** Neither a ChatGPT nor a LibreChat conversation. */
  'unknown_format',
  /** A field has the wrong type or shape; `detail` names it. */
  'invalid',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/**
 * Why a part of an imported message was left out (the message itself is kept). Counted in the
 * report so that nothing of a file goes missing without a word.
 */
export const IMPORT_PART_SKIP_REASONS = [
  /** Content the source app never shows in the conversation (custom instructions, memory, system prompts). */
  'hidden',
  /** A kind of content this import cannot show (ChatGPT's widgets, canvases and the like). */
  'unsupported_content',
] as const;
export type ImportPartSkipReason = (typeof IMPORT_PART_SKIP_REASONS)[number];

export const IMPORT_JOB_STATUSES = ['scheduled', 'running', 'completed', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/**
 * The collections `npm run admin -- import-librechat <folder>` reads from a LibreChat server's
 * MongoDB, in the order it writes them (accounts first: everything else names its owner; files
 * before messages, which link to them). Each is the folder's `<name>.json`, as
 * `mongoexport --collection <name> --out <name>.json` writes it.
 */
export const LIBRECHAT_COLLECTIONS = [
  'users',
  'files',
  'conversations',
  'messages',
  'presets',
  'balances',
  'transactions',
] as const;
export type LibreChatCollection = (typeof LIBRECHAT_COLLECTIONS)[number];

/** Why a document of LibreChat's collections is not moved (the report counts each). */
export const LIBRECHAT_SKIP_REASONS = [
  /** A line of the file that is not a JSON document. */
  'unreadable',
  /** A field that must be there is missing or of the wrong type. */
  'invalid',
  /** An account of this address exists here and was not moved from LibreChat. */
  'email_taken',
  /** Its owner is not among the accounts moved (absent, or skipped). */
  'owner_not_moved',
  /** A message whose conversation is not in conversations.json, or has another owner. */
  'no_conversation',
  /** The conversation itself could not be read (its detail in the report's notes). */
  'conversation_unreadable',
  /** The endpoint's name is not one this product can hold. */
  'invalid_endpoint',
  /** A temporary chat (and its messages): LibreChat deletes it once it expires. */
  'temporary',
  /**
   * A file whose bytes are not in the uploads folder given with `--uploads` (or no folder was
   * given, or LibreChat kept it in a cloud store): its metadata alone would be a broken link.
   */
  'file_not_found',
  /** A file this product does not keep: only JPEG, PNG and WebP images, checked by content. */
  'unsupported_file',
] as const;
export type LibreChatSkipReason = (typeof LIBRECHAT_SKIP_REASONS)[number];
