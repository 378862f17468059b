import type { ConversationFeedback, MessageFeedback } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { ConvosRepo } from '../convos/index.js';
import type { MessagesRepo } from '../messages/index.js';
import type { FeedbackRepo } from './repo.js';
import { presentFeedback } from './presenter.js';

const MESSAGE_NOT_FOUND = 'Message not found';
const CONVERSATION_NOT_FOUND = 'Conversation not found';

export function createFeedbackService(deps: {
  repo: FeedbackRepo;
  convos: ConvosRepo;
  messages: MessagesRepo;
  now: () => Date;
}) {
  const { repo, convos, messages, now } = deps;

  return {
    /**
     * Rates a reply of the caller's conversation, or clears the rating (null). A message that is
     * not the caller's, or not in that conversation, is 404 (nothing is said of others' ids); the
     * caller's own message is not a reply and cannot be rated.
     */
    async rate(
      userId: string,
      conversationId: string,
      messageId: string,
      feedback: MessageFeedback | null,
    ): Promise<MessageFeedback | null> {
      const message = await messages.get(userId, messageId);
      if (!message || message.conversationId !== conversationId) {
        throw new AppError('not_found', MESSAGE_NOT_FOUND);
      }
      if (message.isCreatedByUser) {
        throw new AppError('validation_error', 'Only replies can be rated');
      }
      if (feedback === null) {
        await repo.remove(userId, messageId);
        return null;
      }
      return presentFeedback(await repo.upsert({ userId, conversationId, messageId }, feedback, now()));
    },

    /** The caller's ratings of a conversation of theirs, by message id. */
    async ofConversation(userId: string, conversationId: string): Promise<ConversationFeedback> {
      if (!(await convos.get(userId, conversationId)))
        throw new AppError('not_found', CONVERSATION_NOT_FOUND);
      const rows = await repo.ofConversation(userId, conversationId);
      return Object.fromEntries(rows.map((row) => [row.messageId, presentFeedback(row)]));
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
