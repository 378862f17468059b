import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { conversations, messages } from '../../db/schema.js';
import type { ImportedConversation } from './formats/index.js';

/** Rows per INSERT of messages (16 columns each, well under PostgreSQL's 65,535 parameters). */
const MESSAGE_BATCH = 1000;

/** The key that makes an import idempotent: the format and the source conversation's id. */
export const importKeyOf = (c: Pick<ImportedConversation, 'format' | 'sourceId'>): string =>
  `${c.format}:${c.sourceId}`;

/**
 * Writes one imported conversation and all its messages in one transaction, with new ids (the
 * file's ids may be anyone's: they are never reused). Null when the user already has a
 * conversation with the same import key: nothing is written.
 */
export async function writeImportedConversation(
  db: Executor,
  userId: string,
  convo: ImportedConversation,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const conversationId = randomUUID();
    const [row] = await tx
      .insert(conversations)
      .values({
        conversationId,
        userId,
        title: convo.title,
        endpoint: convo.endpoint,
        model: convo.model,
        options: convo.options,
        importKey: importKeyOf(convo),
        createdAt: convo.createdAt,
        updatedAt: convo.updatedAt,
      })
      .onConflictDoNothing()
      .returning({ conversationId: conversations.conversationId });
    if (!row) return null;

    const ids = new Map(convo.messages.map((m) => [m.sourceId, randomUUID()]));
    const rows = convo.messages.map((m) => ({
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
      finishReason: m.finishReason,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    }));
    for (let i = 0; i < rows.length; i += MESSAGE_BATCH) {
      await tx.insert(messages).values(rows.slice(i, i + MESSAGE_BATCH));
    }
    return conversationId;
  });
}
