import { randomUUID } from 'node:crypto';
import type { ConversationRow } from '../../../db/schema.js';
import { AppError } from '../../../platform/errors.js';
import type { ConvosRepo } from '../../convos/index.js';
import type { MessagesRepo } from '../../messages/index.js';
import type { AskInput, History, TurnMode } from './types.js';

/**
 * load history, first half: the user's conversation the request names (404 when it is not
 * theirs), or a new id. The pipeline claims the id for one reply before loading its messages.
 */
export async function findConversation(
  input: AskInput,
  convos: Pick<ConvosRepo, 'get'>,
): Promise<{ conversationId: string; existing: ConversationRow | undefined }> {
  const id = input.body.conversationId;
  const existing = id ? await convos.get(input.userId, id) : undefined;
  if (id && !existing) throw new AppError('not_found', 'Conversation not found');
  return { conversationId: existing?.conversationId ?? randomUUID(), existing };
}

/**
 * What the turn does: continue an AI message (Continue, or an edit of an AI message), regenerate
 * a reply to a user message, or ask (a new user message and its reply).
 */
export function turnMode(input: AskInput, byId: History['byId']): TurnMode {
  const { body, route } = input;
  const target = body.responseMessageId ? byId.get(body.responseMessageId) : undefined;
  const continuesAi = target !== undefined && !target.isCreatedByUser;
  if (body.isContinued || (route === 'edit' && body.isEdited && continuesAi)) return 'continue';
  return body.isRegenerate ? 'regenerate' : 'ask';
}

/** load history, second half: every message of the conversation, and the turn's mode. */
export async function loadHistory(
  input: AskInput,
  found: { conversationId: string; existing: ConversationRow | undefined },
  messages: Pick<MessagesRepo, 'listForConversation'>,
): Promise<History> {
  const rows = found.existing ? await messages.listForConversation(input.userId, found.conversationId) : [];
  const byId = new Map(rows.map((r) => [r.messageId, r]));
  return { ...found, byId, mode: turnMode(input, byId) };
}
