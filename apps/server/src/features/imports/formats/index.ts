import type { ImportFormat } from '@chat/contract';
import { isChatGptConversation, mapChatGptConversation } from './chatgpt.js';
import { isLibreChatConversation, mapLibreChatConversation } from './librechat.js';
import { isRecord, SkipConversation, type ImportedConversation } from './types.js';

export { SkipConversation, type ImportedConversation, type ImportedMessage } from './types.js';

/** The format of one conversation of a file; null when it is neither. */
export function formatOf(item: unknown): ImportFormat | null {
  if (!isRecord(item)) return null;
  if (isChatGptConversation(item)) return 'chatgpt';
  if (isLibreChatConversation(item)) return 'librechat';
  return null;
}

/** One conversation of a file as ours; throws SkipConversation when it cannot be imported. */
export function mapConversation(item: unknown): ImportedConversation {
  const format = formatOf(item);
  if (format === null || !isRecord(item)) {
    throw new SkipConversation('unknown_format');
  }
  return format === 'chatgpt' ? mapChatGptConversation(item) : mapLibreChatConversation(item);
}
