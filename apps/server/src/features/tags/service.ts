import type { z } from 'zod';
import {
  TAG_LIMITS,
  TAG_TEXTS,
  type ConversationTag,
  type createTagBodySchema,
  type updateTagBodySchema,
} from '@chat/contract';
import type { ConversationTagRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { presentTag } from './presenter.js';
import type { TagQueries, TagsRepo } from './repo.js';

const notFound = () => new AppError('not_found', TAG_TEXTS.notFound);
const conversationNotFound = () => new AppError('not_found', TAG_TEXTS.conversationNotFound);
const tooMany = () => new AppError('validation_error', TAG_TEXTS.tooMany);

type CreateTag = z.output<typeof createTagBodySchema>;
type UpdateTag = z.output<typeof updateTagBodySchema>;

/**
 * Bookmarks, as LibreChat's ConversationTag model keeps them: names unique per person, positions
 * 1..n without gaps, a rename or delete followed on every conversation carrying the tag.
 */
export function createTagsService(deps: { repo: TagsRepo; now: () => Date }) {
  const { repo, now } = deps;

  /** One tag with how many conversations carry it now. */
  async function withCount(r: TagQueries, userId: string, row: ConversationTagRow) {
    const counts = await r.counts(userId, [row.tag]);
    return presentTag(row, counts.get(row.tag) ?? 0);
  }

  return {
    async list(userId: string): Promise<ConversationTag[]> {
      const [rows, counts] = await Promise.all([repo.list(userId), repo.counts(userId)]);
      return rows.map((row) => presentTag(row, counts.get(row.tag) ?? 0));
    },

    /**
     * Creates the tag at the end of the list, or finds it when the name is taken; with
     * `addToConversation` it is also put on that conversation (404 unless the caller's).
     */
    async create(userId: string, body: CreateTag): Promise<ConversationTag> {
      const { tag, description, addToConversation, conversationId } = body;
      return repo.atomically(userId, async (r) => {
        // The conversation is checked first: a refused request leaves nothing behind.
        const onto =
          addToConversation && conversationId !== undefined
            ? await r.conversationTags(userId, conversationId)
            : undefined;
        if (addToConversation && conversationId !== undefined && !onto) throw conversationNotFound();
        let row = await r.get(userId, tag);
        if (!row) {
          const n = await r.countOf(userId);
          if (n >= TAG_LIMITS.maxTagsPerUser) throw tooMany();
          row = await r.insert(userId, { tag, description: description ?? null, position: n + 1 }, now());
        }
        if (onto && conversationId !== undefined && !onto.includes(tag)) {
          await r.setConversationTags(userId, conversationId, [...onto, tag]);
        }
        return withCount(r, userId, row);
      });
    },

    /** Renames, describes or moves one of the caller's tags. */
    async update(userId: string, tag: string, body: UpdateTag): Promise<ConversationTag> {
      return repo.atomically(userId, async (r) => {
        const row = await r.get(userId, tag);
        if (!row) throw notFound();
        const rename = body.tag !== undefined && body.tag !== tag ? body.tag : undefined;
        if (rename !== undefined) {
          if (await r.get(userId, rename)) throw new AppError('conflict', TAG_TEXTS.exists);
          await r.renameOnConversations(userId, tag, rename);
        }
        let position: number | undefined;
        if (body.position !== undefined) {
          // Past the end is the end: the places stay 1..n.
          position = Math.min(body.position, await r.countOf(userId));
          await r.shiftBetween(userId, row.position, position);
        }
        const updated = await r.update(userId, tag, {
          ...(rename !== undefined ? { tag: rename } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(position !== undefined ? { position } : {}),
          updatedAt: now(),
        });
        if (!updated) throw notFound();
        return withCount(r, userId, updated);
      });
    },

    /** Deletes one of the caller's tags: off every conversation, the list closed up behind it. */
    async remove(userId: string, tag: string): Promise<ConversationTag> {
      return repo.atomically(userId, async (r) => {
        const row = await r.remove(userId, tag);
        if (!row) throw notFound();
        // The count it had, as LibreChat answers the deleted tag.
        const deleted = await withCount(r, userId, row);
        await r.removeFromConversations(userId, tag);
        await r.closeGap(userId, row.position);
        return deleted;
      });
    },

    /**
     * Sets the whole set of tags of one of the caller's conversations; a name that is not a tag
     * yet becomes one at the end of the list. Answers the set kept (each name once, in order).
     */
    async setOnConversation(userId: string, conversationId: string, tags: string[]): Promise<string[]> {
      const wanted = [...new Set(tags)];
      return repo.atomically(userId, async (r) => {
        if (!(await r.conversationTags(userId, conversationId))) throw conversationNotFound();
        const existing = await r.existing(userId, wanted);
        const added = wanted.filter((t) => !existing.has(t));
        if (added.length > 0) {
          const n = await r.countOf(userId);
          if (n + added.length > TAG_LIMITS.maxTagsPerUser) throw tooMany();
          const rows = added.map((tag, i) => ({ tag, description: null, position: n + i + 1 }));
          await r.insertMany(userId, rows, now());
        }
        await r.setConversationTags(userId, conversationId, wanted);
        return wanted;
      });
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
