import { and, eq } from 'drizzle-orm';
import type { MessageFeedback } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { messageFeedback, type MessageFeedbackRow } from '../../db/schema.js';

/** The caller's ratings; every query names the user. */
export function createFeedbackRepo(db: Executor) {
  return {
    /** Sets the caller's rating of a message (a second rating replaces the first). */
    async upsert(
      key: { userId: string; conversationId: string; messageId: string },
      feedback: MessageFeedback,
      at: Date,
    ): Promise<MessageFeedbackRow> {
      const values = { rating: feedback.rating, tag: feedback.tag ?? null, text: feedback.text ?? null };
      const [row] = await db
        .insert(messageFeedback)
        .values({ ...key, ...values, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [messageFeedback.messageId, messageFeedback.userId],
          set: { ...values, updatedAt: at },
        })
        .returning();
      return row!;
    },

    async remove(userId: string, messageId: string): Promise<void> {
      await db
        .delete(messageFeedback)
        .where(and(eq(messageFeedback.userId, userId), eq(messageFeedback.messageId, messageId)));
    },

    async ofConversation(userId: string, conversationId: string): Promise<MessageFeedbackRow[]> {
      return db
        .select()
        .from(messageFeedback)
        .where(and(eq(messageFeedback.conversationId, conversationId), eq(messageFeedback.userId, userId)));
    },
  };
}
export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
