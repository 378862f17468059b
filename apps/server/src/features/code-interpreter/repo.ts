import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { messages } from '../messages/schema.js';

/** The files the code interpreter may mount: those attached to a conversation's messages. */
export function createCodeFilesRepo(db: Executor) {
  return {
    /** The ids of the files on the user's messages of this conversation (someone else's: none). */
    async conversationFileIds(userId: string, conversationId: string): Promise<string[]> {
      const rows = await db
        .select({ files: messages.files })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.userId, userId),
            isNotNull(messages.files),
          ),
        );
      return rows.flatMap((r) => (r.files ?? []).map((f) => f.file_id));
    },
  };
}
export type CodeFilesRepo = ReturnType<typeof createCodeFilesRepo>;
