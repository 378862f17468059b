import type { Message } from '@chat/contract';
import type { MessageRow } from '../../db/schema.js';

/** A message row as the contract's Message (ISO dates, no user id). */
export function presentMessage(row: MessageRow): Message {
  return {
    messageId: row.messageId,
    conversationId: row.conversationId,
    parentMessageId: row.parentMessageId,
    sender: row.sender,
    text: row.text,
    isCreatedByUser: row.isCreatedByUser,
    endpoint: row.endpoint,
    model: row.model,
    error: row.error,
    unfinished: row.unfinished,
    isEdited: row.isEdited,
    finish_reason: row.finishReason,
    tokenCount: row.tokenCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.plugins ? { plugins: row.plugins, plugin: row.plugins.at(-1) ?? null } : {}),
    ...(row.files?.length ? { files: row.files } : {}),
    ...(row.contextMessageId ? { contextMessageId: row.contextMessageId } : {}),
  };
}
