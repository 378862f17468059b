import { IMPORT_LIMITS, type ImportItem, type ImportProgressEvent, type ImportReport } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { cleanTitle, isRecord } from './formats/types.js';
import { mapConversation, SkipConversation, type ImportedConversation } from './formats/index.js';
import { createItemReader, MalformedFile } from './item-reader.js';
import { importKeyOf, writeImportedConversations } from './writer.js';

export interface RunImportOptions {
  db: Executor;
  userId: string;
  /** The file's bytes as they arrive. */
  source: AsyncIterable<Uint8Array>;
  totalBytes: number | null;
  onProgress?: (event: ImportProgressEvent) => void;
  /** Largest conversation, as JSON text (tests lower it). */
  maxConversationBytes?: number;
}

/** The import stopped: the file is malformed or too large. `report` holds what was done before. */
export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly code: MalformedFile['code'],
    readonly report: ImportReport,
  ) {
    super(message);
  }
}

/** The report's items in file order (skips are noted at once, imports when their batch is written). */
function sorted(report: ImportReport): ImportReport {
  return { ...report, items: [...report.items].sort((a, b) => a.index - b.index) };
}

export function emptyReport(): ImportReport {
  return {
    format: null,
    imported: 0,
    skipped: 0,
    messages: 0,
    truncatedMessages: 0,
    skippedByReason: {},
    items: [],
    itemsTruncated: false,
  };
}

/**
 * Imports a file's conversations one by one as the bytes arrive: each conversation is mapped,
 * checked and written in its own transaction (whole or not at all), and the next bytes are read
 * only once it is done, so memory holds one conversation at a time. A malformed file stops the
 * run with ImportFailed; the conversations before the fault stay imported and are reported.
 */
export async function runImport(opts: RunImportOptions): Promise<ImportReport> {
  const report = emptyReport();
  const reader = createItemReader(opts.maxConversationBytes);
  let index = 0;
  let bytes = 0;
  let lastProgress = 0;

  const note = (item: ImportItem): void => {
    if (report.items.length < IMPORT_LIMITS.maxReportItems) report.items.push(item);
    else report.itemsTruncated = true;
  };

  const skip = (at: number, title: string, err: SkipConversation): void => {
    report.skipped += 1;
    report.skippedByReason[err.reason] = (report.skippedByReason[err.reason] ?? 0) + 1;
    note({
      index: at,
      title,
      status: 'skipped',
      reason: err.reason,
      ...(err.detail ? { detail: err.detail } : {}),
    });
  };

  // Conversations mapped and checked, waiting to be written together (one transaction per batch:
  // a transaction per conversation made PGlite's import about ten times slower).
  let pending: { at: number; convo: ImportedConversation }[] = [];
  let pendingKeys = new Set<string>();
  let pendingChars = 0;
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    pendingKeys = new Set();
    pendingChars = 0;
    const ids = await writeImportedConversations(
      opts.db,
      opts.userId,
      batch.map((p) => p.convo),
    );
    batch.forEach(({ at, convo }, i) => {
      const conversationId = ids[i];
      if (!conversationId) {
        skip(at, convo.title, new SkipConversation('already_imported'));
        return;
      }
      report.imported += 1;
      report.messages += convo.messages.length;
      report.truncatedMessages += convo.truncated;
      note({
        index: at,
        title: convo.title,
        status: 'imported',
        conversationId,
        messages: convo.messages.length,
      });
    });
  };

  const handle = async (raw: unknown): Promise<void> => {
    const at = index++;
    if (at >= IMPORT_LIMITS.maxConversations) {
      throw new MalformedFile(`The file holds more than ${IMPORT_LIMITS.maxConversations} conversations`);
    }
    let convo: ImportedConversation;
    try {
      convo = mapConversation(raw);
    } catch (err) {
      if (!(err instanceof SkipConversation)) throw err;
      skip(at, isRecord(raw) ? cleanTitle(raw.title) : cleanTitle(undefined), err);
      return;
    }
    report.format ??= convo.format;
    const key = importKeyOf(convo);
    // The same source conversation twice in one file: the first one counts.
    if (pendingKeys.has(key)) {
      skip(at, convo.title, new SkipConversation('already_imported'));
      return;
    }
    pending.push({ at, convo });
    pendingKeys.add(key);
    pendingChars += convo.messages.reduce((n, m) => n + m.text.length, 0);
    if (
      pending.length >= IMPORT_LIMITS.writeBatchConversations ||
      pendingChars >= IMPORT_LIMITS.writeBatchChars
    ) {
      await flush();
    }
  };

  const progress = (force: boolean): void => {
    const now = Date.now();
    if (!opts.onProgress || (!force && now - lastProgress < IMPORT_LIMITS.progressIntervalMs)) return;
    lastProgress = now;
    opts.onProgress({
      progress: true,
      bytes,
      totalBytes: opts.totalBytes,
      imported: report.imported,
      skipped: report.skipped,
    });
  };

  try {
    for await (const chunk of opts.source) {
      bytes += chunk.length;
      for (const item of reader.write(chunk)) await handle(item);
      progress(false);
    }
    for (const item of reader.end()) await handle(item);
    await flush();
  } catch (err) {
    if (err instanceof MalformedFile) {
      // The conversations read whole before the fault are still imported.
      await flush();
      throw new ImportFailed(err.message, err.code, sorted(report));
    }
    throw err;
  }
  progress(true);
  return sorted(report);
}
