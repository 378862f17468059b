import { eq, inArray } from 'drizzle-orm';
import { DELETE_BATCH_CONVERSATIONS } from '@chat/contract';
import type { Executor } from './executor.js';
import { conversations } from './schema.js';

/**
 * Deletes every conversation of a user (their messages go with them, ON DELETE CASCADE) a batch
 * at a time, letting other requests in between batches: one statement over a large history held
 * the embedded database for everyone until it ended. The ids deleted.
 */
export async function deleteConversationsInBatches(db: Executor, userId: string): Promise<string[]> {
  const deleted: string[] = [];
  for (;;) {
    const batch = db
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(eq(conversations.userId, userId))
      .limit(DELETE_BATCH_CONVERSATIONS);
    const rows = await db
      .delete(conversations)
      .where(inArray(conversations.conversationId, batch))
      .returning({ id: conversations.conversationId });
    for (const r of rows) deleted.push(r.id);
    if (rows.length < DELETE_BATCH_CONVERSATIONS) return deleted;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
