import { and, arrayContains, asc, count, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { conversations, conversationTags, type ConversationTagRow } from '../../db/schema.js';

/** The queries on a person's tags and on the tags of their conversations; every one names the user. */
function tagQueries(db: Executor) {
  /** Several new tags in one statement (a conversation given names that are not tags yet). */
  const insertMany = async (
    userId: string,
    values: readonly { tag: string; description: string | null; position: number }[],
    at: Date,
  ): Promise<ConversationTagRow[]> => {
    if (values.length === 0) return [];
    return db
      .insert(conversationTags)
      .values(values.map((v) => ({ userId, ...v, createdAt: at, updatedAt: at })))
      .returning();
  };
  const own = (userId: string, tag: string) =>
    and(eq(conversationTags.userId, userId), eq(conversationTags.tag, tag));
  const ownConvo = (userId: string, conversationId: string) =>
    and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId));

  return {
    /** The user's tags in their order. */
    async list(userId: string): Promise<ConversationTagRow[]> {
      return db
        .select()
        .from(conversationTags)
        .where(eq(conversationTags.userId, userId))
        .orderBy(asc(conversationTags.position), asc(conversationTags.tag));
    },

    async get(userId: string, tag: string): Promise<ConversationTagRow | undefined> {
      const [row] = await db.select().from(conversationTags).where(own(userId, tag));
      return row;
    },

    /** Which of `tags` the user has as tags. */
    async existing(userId: string, tags: readonly string[]): Promise<Set<string>> {
      if (tags.length === 0) return new Set();
      const rows = await db
        .select({ tag: conversationTags.tag })
        .from(conversationTags)
        .where(and(eq(conversationTags.userId, userId), inArray(conversationTags.tag, [...tags])));
      return new Set(rows.map((r) => r.tag));
    },

    /** How many tags the user has; their positions are 1..this. */
    async countOf(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(conversationTags)
        .where(eq(conversationTags.userId, userId));
      return row?.n ?? 0;
    },

    /**
     * How many of the user's conversations carry each tag (all of them, or those named), read
     * from the conversations themselves.
     */
    async counts(userId: string, only?: readonly string[]): Promise<Map<string, number>> {
      const tag = sql<string>`t.tag`;
      const rows = await db
        .select({ tag, n: sql<number>`count(*)::int` })
        .from(sql`${conversations} cross join lateral unnest(${conversations.tags}) as t(tag)`)
        .where(and(eq(conversations.userId, userId), only ? inArray(tag, [...only]) : undefined))
        .groupBy(tag);
      return new Map(rows.map((r) => [r.tag, Number(r.n)]));
    },

    async insert(
      userId: string,
      values: { tag: string; description: string | null; position: number },
      at: Date,
    ): Promise<ConversationTagRow> {
      const [row] = await insertMany(userId, [values], at);
      return row!;
    },

    insertMany,

    async update(
      userId: string,
      tag: string,
      patch: { tag?: string; description?: string | null; position?: number; updatedAt: Date },
    ): Promise<ConversationTagRow | undefined> {
      const [row] = await db.update(conversationTags).set(patch).where(own(userId, tag)).returning();
      return row;
    },

    async remove(userId: string, tag: string): Promise<ConversationTagRow | undefined> {
      const [row] = await db.delete(conversationTags).where(own(userId, tag)).returning();
      return row;
    },

    /**
     * Moves the others out of the way of a tag going from `from` to `to`: those between shift by
     * one toward the place it leaves.
     */
    async shiftBetween(userId: string, from: number, to: number): Promise<void> {
      if (from === to) return;
      const mine = eq(conversationTags.userId, userId);
      const [range, step]: [SQL | undefined, number] =
        from < to
          ? [and(gt(conversationTags.position, from), lte(conversationTags.position, to)), -1]
          : [and(gte(conversationTags.position, to), lt(conversationTags.position, from)), 1];
      await db
        .update(conversationTags)
        .set({ position: sql`${conversationTags.position} + ${step}` })
        .where(and(mine, range));
    },

    /** Closes the gap a tag at `position` left. */
    async closeGap(userId: string, position: number): Promise<void> {
      await db
        .update(conversationTags)
        .set({ position: sql`${conversationTags.position} - 1` })
        .where(and(eq(conversationTags.userId, userId), gt(conversationTags.position, position)));
    },

    /** The tags of one of the user's conversations (held until the transaction ends), or undefined. */
    async conversationTags(userId: string, conversationId: string): Promise<string[] | undefined> {
      const [row] = await db
        .select({ tags: conversations.tags })
        .from(conversations)
        .where(ownConvo(userId, conversationId))
        .for('update');
      return row?.tags;
    },

    /** Sets a conversation's tags; its place in the list (updatedAt) stays. */
    async setConversationTags(userId: string, conversationId: string, tags: string[]): Promise<void> {
      await db.update(conversations).set({ tags }).where(ownConvo(userId, conversationId));
    },

    /** Every conversation of the user carrying `from` carries `to` instead (once). */
    async renameOnConversations(userId: string, from: string, to: string): Promise<void> {
      const t = conversations.tags;
      await db
        .update(conversations)
        .set({
          tags: sql`case when ${to}::text = any(${t}) then array_remove(${t}, ${from}::text)
            else array_replace(${t}, ${from}::text, ${to}::text) end`,
        })
        .where(and(eq(conversations.userId, userId), arrayContains(t, [from])));
    },

    /** Takes `tag` off every conversation of the user. */
    async removeFromConversations(userId: string, tag: string): Promise<void> {
      const t = conversations.tags;
      await db
        .update(conversations)
        .set({ tags: sql`array_remove(${t}, ${tag}::text)` })
        .where(and(eq(conversations.userId, userId), arrayContains(t, [tag])));
    },
  };
}
export type TagQueries = ReturnType<typeof tagQueries>;

/**
 * The caller's tags and the tags on their conversations. The writes go through `atomically`, which
 * holds a lock of the user's for the transaction so that two requests of one person never hand out the
 * same position or pass the limit together.
 */
export function createTagsRepo(db: Executor) {
  return {
    ...tagQueries(db),
    /** Runs `work` in one transaction with the user's tags to itself. */
    atomically<T>(userId: string, work: (q: TagQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        // A lock of the person's own, not their users row: a reply being saved takes a key-share
        // lock on that row (its foreign keys) while holding its conversation, which this work
        // may wait for, and the two would deadlock.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tags:${userId}`}))`);
        return work(tagQueries(tx));
      });
    },
  };
}
export type TagsRepo = ReturnType<typeof createTagsRepo>;
