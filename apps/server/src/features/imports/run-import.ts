import { IMPORT_LIMITS, type ImportItem, type ImportProgressEvent, type ImportReport } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { cleanTitle, isRecord } from './formats/types.js';
import { mapConversation, SkipConversation } from './formats/index.js';
import { createItemReader, MalformedFile } from './item-reader.js';
import { writeImportedConversation } from './writer.js';

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

  const handle = async (raw: unknown): Promise<void> => {
    const at = index++;
    if (at >= IMPORT_LIMITS.maxConversations) {
      throw new MalformedFile(`The file holds more than ${IMPORT_LIMITS.maxConversations} conversations`);
    }
    const title = isRecord(raw) ? cleanTitle(raw.title) : cleanTitle(undefined);
    try {
      const convo = mapConversation(raw);
      report.format ??= convo.format;
      const conversationId = await writeImportedConversation(opts.db, opts.userId, convo);
      if (conversationId === null) throw new SkipConversation('already_imported');
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
    } catch (err) {
      if (!(err instanceof SkipConversation)) throw err;
      report.skipped += 1;
      report.skippedByReason[err.reason] = (report.skippedByReason[err.reason] ?? 0) + 1;
      note({
        index: at,
        title,
        status: 'skipped',
        reason: err.reason,
        ...(err.detail ? { detail: err.detail } : {}),
      });
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
  } catch (err) {
    if (err instanceof MalformedFile) throw new ImportFailed(err.message, err.code, report);
    throw err;
  }
  progress(true);
  return report;
}
