import { randomUUID } from 'node:crypto';
import { COMPLETE_FINISH_REASON, NO_PARENT } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { conversations, messages } from '../../db/schema.js';
import type { ImportedConversation, ImportedMessage } from './formats/index.js';

/** Rows per INSERT of messages (14 columns each, well under PostgreSQL's 65,535 parameters). */
const MESSAGE_BATCH = 1000;

/** The key that makes an import idempotent: the format and the source conversation's id. */
export const importKeyOf = (c: Pick<ImportedConversation, 'format' | 'sourceId'>): string =>
  `${c.format}:${c.sourceId}`;

/**
 * Writes imported conversations and all their messages in one transaction (and `after`'s writes), with new ids (the
 * file's ids may be anyone's: they are never reused). Each answer is the new conversation's id,
 * or null when the user already has a conversation with the same import key (then nothing of it
 * is written). Every conversation is whole or absent: a failure rolls the whole batch back.
 */
export async function writeImportedConversations(
  db: Executor,
  userId: string,
  batch: readonly ImportedConversation[],
  /** Runs in the same transaction once the batch is written (the job's progress is saved with it). */
  after?: (tx: Executor, ids: (string | null)[]) => Promise<void>,
): Promise<(string | null)[]> {
  if (batch.length === 0 && !after) return [];
  return db.transaction(async (tx) => {
    if (batch.length === 0) {
      await after?.(tx, []);
      return [];
    }
    const rows = batch.map((convo) => ({
      conversationId: randomUUID(),
      userId,
      title: convo.title,
      endpoint: convo.endpoint,
      model: convo.model,
      options: convo.options,
      importKey: importKeyOf(convo),
      createdAt: convo.createdAt,
      updatedAt: convo.updatedAt,
    }));
    const inserted = await tx
      .insert(conversations)
      .values(rows)
      .onConflictDoNothing()
      .returning({ conversationId: conversations.conversationId });
    const written = new Set(inserted.map((r) => r.conversationId));

    const messageRows = batch.flatMap((convo, i) => {
      const conversationId = rows[i]!.conversationId;
      if (!written.has(conversationId)) return [];
      const ids = new Map(convo.messages.map((m) => [m.sourceId, randomUUID()]));
      return convo.messages.map((m) => ({
        messageId: ids.get(m.sourceId)!,
        conversationId,
        userId,
        parentMessageId: (m.parentSourceId !== null && ids.get(m.parentSourceId)) || NO_PARENT,
        sender: m.sender,
        text: m.text,
        isCreatedByUser: m.isCreatedByUser,
        endpoint: convo.endpoint,
        model: m.model ?? convo.model,
        error: m.error,
        unfinished: m.unfinished,
        finishReason: finishReasonOf(m),
        createdAt: m.createdAt,
        updatedAt: m.createdAt,
      }));
    });
    for (let i = 0; i < messageRows.length; i += MESSAGE_BATCH) {
      await tx.insert(messages).values(messageRows.slice(i, i + MESSAGE_BATCH));
    }
    const ids = rows.map((r) => (written.has(r.conversationId) ? r.conversationId : null));
    await after?.(tx, ids);
    return ids;
  });
}

/**
 * Export files rarely say how a reply ended (ChatGPT's never, LibreChat's often not): a reply the
 * file marks neither unfinished nor failed is a complete one, so it is not offered Continue.
 */
export function finishReasonOf(m: ImportedMessage): string | null {
  if (m.finishReason !== null) return m.finishReason;
  return m.isCreatedByUser || m.unfinished || m.error ? null : COMPLETE_FINISH_REASON;
}
