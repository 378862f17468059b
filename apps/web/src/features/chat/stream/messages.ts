import type { Message } from '@chat/contract';

/** Pure updates of a conversation's flat message list (the query cache holds these). */

export function upsertMessage(list: readonly Message[], message: Message, replaceId?: string): Message[] {
  const ids = new Set([message.messageId, replaceId]);
  const index = list.findIndex((m) => ids.has(m.messageId));
  const rest = list.filter((m) => !ids.has(m.messageId));
  if (index === -1) return [...rest, message];
  // Keep its position (siblings sort by createdAt anyway; this keeps the list stable).
  return [...rest.slice(0, index), message, ...rest.slice(index)];
}

export function patchMessage(
  list: readonly Message[],
  messageId: string,
  patch: Partial<Message>,
): Message[] {
  return list.map((m) => (m.messageId === messageId ? { ...m, ...patch } : m));
}

export function withConversationId(list: readonly Message[], conversationId: string): Message[] {
  return list.map((m) => (m.conversationId === conversationId ? m : { ...m, conversationId }));
}

interface DraftFields {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  text: string;
  sender: string;
  isCreatedByUser: boolean;
  endpoint: string;
  model: string;
  files?: Message['files'];
}

/** A client-made message (the optimistic request, or the streaming placeholder). */
export function draftMessage(f: DraftFields, now = new Date()): Message {
  const at = now.toISOString();
  return {
    ...f,
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: null,
    tokenCount: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The id of a streaming placeholder: its request message id followed by an underscore. */
export function placeholderId(requestMessageId: string): string {
  return `${requestMessageId}_`;
}

export function isPlaceholder(messageId: string): boolean {
  return messageId.endsWith('_');
}
