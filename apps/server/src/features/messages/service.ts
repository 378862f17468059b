import type { Message } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { ConvosRepo } from '../convos/index.js';
import { presentMessage } from './presenter.js';
import type { MessagesRepo } from './repo.js';

export function createMessagesService({ repo, convos }: { repo: MessagesRepo; convos: ConvosRepo }) {
  return {
    /**
     * The flat tree of the user's conversation, oldest first, as JSON text built by the database
     * (the same bytes as JSON.stringify of the presented rows); 404 when not the user's.
     */
    /** Every message, or with `limit` the newest branch's last ones (contract: messagesQuerySchema). */
    async listJson(userId: string, conversationId: string, limit?: number): Promise<string> {
      const convo = await convos.get(userId, conversationId);
      if (!convo) throw new AppError('not_found', 'Conversation not found');
      return limit === undefined
        ? repo.listJsonForConversation(userId, conversationId)
        : repo.branchTailJson(userId, conversationId, limit);
    },

    /** "Save only" edit: new text, marked edited. */
    async editText(
      userId: string,
      conversationId: string,
      messageId: string,
      text: string,
    ): Promise<Message> {
      const row = await repo.editText(userId, conversationId, messageId, text);
      if (!row) throw new AppError('not_found', 'Message not found');
      return presentMessage(row);
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
