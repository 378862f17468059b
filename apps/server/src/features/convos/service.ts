import { CHAT_LIMITS, DEFAULT_TITLE, type Conversation, type ConvosPage } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { presentConversation } from './presenter.js';
import type { ConvosRepo } from './repo.js';

export interface ConvosServiceDeps {
  repo: ConvosRepo;
  /** Resolves once the title being written for that conversation, if any, is saved. */
  titleSettled?: (conversationId: string) => Promise<void>;
  /** Told which conversations were deleted, so running replies in them can be stopped. */
  onDeleted?: (userId: string, conversationIds: string[]) => void;
}

export function createConvosService({ repo, onDeleted, titleSettled }: ConvosServiceDeps) {
  const mustGet = async (userId: string, conversationId: string) => {
    const row = await repo.get(userId, conversationId);
    if (!row) throw new AppError('not_found', 'Conversation not found');
    return row;
  };

  return {
    /** A page of the user's conversations, newest first; with `tags`, those carrying any of them. */
    async page(userId: string, pageNumber: number, tags?: readonly string[]): Promise<ConvosPage> {
      const pageSize = CHAT_LIMITS.convosPageSize;
      const [rows, total] = await Promise.all([
        repo.page(userId, (pageNumber - 1) * pageSize, pageSize, tags),
        repo.countFor(userId, tags),
      ]);
      return {
        conversations: rows.map(presentConversation),
        pageNumber,
        pageSize,
        pages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },

    async get(userId: string, conversationId: string): Promise<Conversation> {
      return presentConversation(await mustGet(userId, conversationId));
    },

    async rename(userId: string, conversationId: string, title: string): Promise<Conversation> {
      const row = await repo.update(userId, conversationId, { title });
      if (!row) throw new AppError('not_found', 'Conversation not found');
      return presentConversation(row);
    },

    /** Deletes one conversation (404 unless the user's) or, without an id, all of them. */
    async clear(userId: string, conversationId: string | undefined): Promise<{ deletedCount: number }> {
      if (conversationId) {
        const n = await repo.remove(userId, conversationId);
        if (n === 0) throw new AppError('not_found', 'Conversation not found');
        onDeleted?.(userId, [conversationId]);
        return { deletedCount: n };
      }
      const ids = await repo.removeAll(userId);
      onDeleted?.(userId, ids);
      return { deletedCount: ids.length };
    },

    /**
     * The conversation's title once the server wrote it: a title being written is waited for, so
     * the client can ask right after the first reply. 404 while it still has the default one.
     */
    async generatedTitle(userId: string, conversationId: string): Promise<{ title: string }> {
      await mustGet(userId, conversationId); // the owner's only, before waiting on anything
      await titleSettled?.(conversationId);
      const row = await mustGet(userId, conversationId);
      if (row.title === DEFAULT_TITLE) throw new AppError('not_found', 'No title generated yet');
      return { title: row.title };
    },
  };
}
export type ConvosService = ReturnType<typeof createConvosService>;
