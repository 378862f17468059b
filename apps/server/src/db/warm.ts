import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NO_PARENT } from '@chat/contract';
import type { Database } from './client.js';
import { conversations, messages, users } from './schema.js';

/** Thrown to roll the warm-up's transaction back. */
const ROLL_BACK = new Error('warm-up rolled back');

/**
 * What the server's first reply paid for, done once the server is up. On the embedded store a
 * message's insert runs the search trigger, written in PL/pgSQL: that language's library is a
 * WebAssembly module loaded at its first use, the trigger's functions compile, and the store's own
 * code for these statements is compiled on its first run: 0.8 s of the first reply's wait on a
 * busy 2-core machine, the event loop blocked all along. The statements of a turn (a person, a
 * conversation, a message saved then updated) run in a transaction that is rolled back, so
 * nothing stays. PostgreSQL loads the library natively and compiles nothing: nothing to do there.
 */
export async function warmReplyPath(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.db
    .transaction(async (tx) => {
      const id = randomUUID();
      const [user] = await tx
        .insert(users)
        .values({ name: 'warm-up', email: `warm-up-${id}@invalid` })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.insert(conversations).values({ conversationId: id, userId, endpoint: 'warm-up' });
      await tx.insert(messages).values({
        messageId: id,
        conversationId: id,
        userId,
        parentMessageId: NO_PARENT,
        sender: 'User',
        text: 'warm-up',
        isCreatedByUser: true,
      });
      await tx
        .update(messages)
        .set({ text: 'warm-up 2', unfinished: false })
        .where(eq(messages.messageId, id));
      throw ROLL_BACK;
    })
    .catch((err: unknown) => {
      if (err !== ROLL_BACK) throw err;
    });
}
