import { IMPORT_LIMITS, type ImportItem, type ImportPartSkipReason, type ImportReport } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { cleanTitle, isRecord } from './formats/types.js';
import { mapConversation, SkipConversation, type ImportedConversation } from './formats/index.js';
import { createItemReader, MalformedFile } from './item-reader.js';
import { importKeyOf, writeImportedConversations } from './writer.js';

/** How far an import got: the conversations of the file handled, the bytes read, the report so far. */
interface ImportCheckpoint {
  nextIndex: number;
  bytes: number;
  report: ImportReport;
}

export interface RunImportOptions {
  db: Executor;
  userId: string;
  /** The file's bytes, from its start. */
  source: AsyncIterable<Uint8Array>;
  /** A resumed import: the conversations before `nextIndex` were handled, `report` says how. */
  resume?: { nextIndex: number; report: ImportReport } | undefined;
  /**
   * Saves the progress in the transaction of each batch (and after each piece of the source, even
   * with nothing to write), so what is saved is exactly what was written.
   */
  checkpoint?: (tx: Executor, progress: ImportCheckpoint) => Promise<void>;
  /** Awaited after each transaction: lets other work run, and throws to stop the import there. */
  between?: () => Promise<void>;
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
    updated: 0,
    skipped: 0,
    messages: 0,
    addedMessages: 0,
    skippedParts: {},
    truncatedMessages: 0,
    skippedByReason: {},
    items: [],
    itemsTruncated: false,
  };
}

/**
 * Imports a file's conversations as the bytes arrive: each conversation is mapped and checked,
 * and written with a few others in a small transaction (each whole or not at all); the next bytes
 * are read only once a batch is done, so memory holds a batch at a time. Between transactions
 * `between` lets other requests in. A malformed file stops the run with ImportFailed; the
 * conversations before the fault stay imported and are reported.
 */
export async function runImport(opts: RunImportOptions): Promise<ImportReport> {
  const report: ImportReport = opts.resume
    ? {
        ...opts.resume.report,
        skippedParts: { ...opts.resume.report.skippedParts },
        items: [...opts.resume.report.items],
      }
    : emptyReport();
  const startIndex = opts.resume?.nextIndex ?? 0;
  const reader = createItemReader(opts.maxConversationBytes);
  let index = 0;
  let bytes = 0;

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
  let pendingMessages = 0;
  let savedIndex = startIndex;
  /** Writes the batch waiting (if any) and, with `checkpoint`, the progress in its transaction. */
  const flush = async (): Promise<void> => {
    const checkpoint = opts.checkpoint;
    if (pending.length === 0 && (!checkpoint || index <= savedIndex)) return;
    const batch = pending;
    pending = [];
    pendingKeys = new Set();
    pendingChars = 0;
    pendingMessages = 0;
    const nextIndex = Math.max(index, startIndex);
    await writeImportedConversations(
      opts.db,
      opts.userId,
      batch.map((p) => p.convo),
      async (tx, written) => {
        batch.forEach(({ at, convo }, i) => {
          const { conversationId, created, added, truncated, skippedParts } = written[i]!;
          if (!created && added === 0) {
            skip(at, convo.title, new SkipConversation('already_imported'));
            return;
          }
          report.truncatedMessages += truncated;
          const parts = Object.entries(skippedParts) as [ImportPartSkipReason, number][];
          for (const [reason, n] of parts)
            report.skippedParts[reason] = (report.skippedParts[reason] ?? 0) + n;
          if (created) {
            report.imported += 1;
            report.messages += added;
          } else {
            report.updated += 1;
            report.addedMessages += added;
          }
          note({
            index: at,
            title: convo.title,
            status: created ? 'imported' : 'updated',
            conversationId,
            messages: added,
            ...(parts.length > 0 ? { skippedParts } : {}),
          });
        });
        await checkpoint?.(tx, { nextIndex, bytes, report });
      },
    );
    savedIndex = nextIndex;
    await opts.between?.();
  };

  const handle = async (raw: unknown): Promise<void> => {
    const at = index++;
    if (at >= IMPORT_LIMITS.maxConversations) {
      throw new MalformedFile(`The file holds more than ${IMPORT_LIMITS.maxConversations} conversations`);
    }
    // Handled before the import was resumed: its outcome is in the report already.
    if (at < startIndex) return;
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
    // The same source conversation twice in one file: the first is written before the second is
    // matched against it, as a later import of a newer copy would be.
    if (pendingKeys.has(key)) await flush();
    pending.push({ at, convo });
    pendingKeys.add(key);
    pendingChars += convo.messages.reduce((n, m) => n + m.text.length, 0);
    pendingMessages += convo.messages.length;
    if (
      pending.length >= IMPORT_LIMITS.writeBatchConversations ||
      pendingMessages >= IMPORT_LIMITS.writeBatchMessages ||
      pendingChars >= IMPORT_LIMITS.writeBatchChars
    ) {
      await flush();
    }
  };

  try {
    for await (const chunk of opts.source) {
      bytes += chunk.length;
      for (const item of reader.write(chunk)) await handle(item);
      // The progress is saved after each piece of the file, written or not.
      await flush();
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
  return sorted(report);
}
