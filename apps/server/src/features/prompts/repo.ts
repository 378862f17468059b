import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROMPT_SYSTEM_CATEGORIES } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { promptGroups, prompts, users, type PromptGroupRow, type PromptRow } from '../../db/schema.js';

/** A group as the lists show it: its row, its owner's name and its production version. */
export interface GroupView {
  group: PromptGroupRow;
  authorName: string;
  production: Pick<PromptRow, 'prompt' | 'type'> | null;
}

export interface GroupFilter {
  name?: string | undefined;
  category?: string | undefined;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function promptQueries(db: Executor) {
  const production = alias(prompts, 'production');

  /** What the caller may read: their own groups and the shared ones. */
  const visibleTo = (userId: string) => or(eq(promptGroups.userId, userId), eq(promptGroups.shared, true));

  function filterOf(userId: string, filter: GroupFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [visibleTo(userId)];
    if (filter.name) parts.push(ilike(promptGroups.name, `%${likeLiteral(filter.name)}%`));
    switch (filter.category) {
      case undefined:
      case '':
      case PROMPT_SYSTEM_CATEGORIES.all:
        break;
      case PROMPT_SYSTEM_CATEGORIES.mine:
        parts.push(eq(promptGroups.userId, userId));
        break;
      case PROMPT_SYSTEM_CATEGORIES.shared:
        parts.push(eq(promptGroups.shared, true));
        break;
      case PROMPT_SYSTEM_CATEGORIES.none:
        parts.push(eq(promptGroups.category, ''));
        break;
      default:
        parts.push(eq(promptGroups.category, filter.category));
    }
    return and(...parts);
  }

  const viewColumns = {
    group: promptGroups,
    authorName: users.name,
    productionPrompt: production.prompt,
    productionType: production.type,
  };
  type ViewRow = {
    group: PromptGroupRow;
    authorName: string;
    productionPrompt: string | null;
    productionType: PromptRow['type'] | null;
  };
  const toView = (r: ViewRow): GroupView => ({
    group: r.group,
    authorName: r.authorName,
    production:
      r.productionPrompt !== null && r.productionType !== null
        ? { prompt: r.productionPrompt, type: r.productionType }
        : null,
  });
  const views = () =>
    db
      .select(viewColumns)
      .from(promptGroups)
      .innerJoin(users, eq(users.id, promptGroups.userId))
      .leftJoin(
        production,
        and(eq(production.id, promptGroups.productionId), eq(production.groupId, promptGroups.id)),
      );

  return {
    /** The groups the caller sees, newest change first; a page of them when `page` is given. */
    async listGroups(
      userId: string,
      filter: GroupFilter,
      page?: { offset: number; limit: number },
    ): Promise<GroupView[]> {
      const q = views()
        .where(filterOf(userId, filter))
        .orderBy(desc(promptGroups.updatedAt), asc(promptGroups.id));
      const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
      return rows.map(toView);
    },

    async countGroups(userId: string, filter: GroupFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(promptGroups).where(filterOf(userId, filter));
      return row?.n ?? 0;
    },

    /** How many groups the user owns. */
    async countOwned(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(promptGroups).where(eq(promptGroups.userId, userId));
      return row?.n ?? 0;
    },

    /** A group the caller may read (their own or shared), else undefined. */
    async visibleGroup(userId: string, groupId: string): Promise<GroupView | undefined> {
      const [row] = await views().where(and(eq(promptGroups.id, groupId), visibleTo(userId)));
      return row ? toView(row) : undefined;
    },

    /** Any group by id, held until the transaction ends (the writes check its owner). */
    async lockGroup(groupId: string): Promise<PromptGroupRow | undefined> {
      const [row] = await db.select().from(promptGroups).where(eq(promptGroups.id, groupId)).for('update');
      return row;
    },

    async insertGroup(
      values: Pick<PromptGroupRow, 'userId' | 'name' | 'category' | 'oneliner' | 'command'>,
      at: Date,
    ): Promise<PromptGroupRow> {
      const [row] = await db
        .insert(promptGroups)
        .values({ ...values, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async updateGroup(
      groupId: string,
      patch: Partial<
        Pick<PromptGroupRow, 'name' | 'category' | 'oneliner' | 'command' | 'shared' | 'productionId'>
      > & { updatedAt: Date },
    ): Promise<void> {
      await db.update(promptGroups).set(patch).where(eq(promptGroups.id, groupId));
    },

    async deleteGroup(groupId: string): Promise<void> {
      await db.delete(promptGroups).where(eq(promptGroups.id, groupId));
    },

    /** A group's versions, newest first. */
    async listPrompts(groupId: string): Promise<PromptRow[]> {
      return db
        .select()
        .from(prompts)
        .where(eq(prompts.groupId, groupId))
        .orderBy(desc(prompts.createdAt), desc(prompts.id));
    },

    /** The versions of every group the user owns, newest first. */
    async listOwnPrompts(userId: string): Promise<PromptRow[]> {
      return db
        .select()
        .from(prompts)
        .where(eq(prompts.userId, userId))
        .orderBy(desc(prompts.createdAt), desc(prompts.id));
    },

    async getPrompt(promptId: string): Promise<PromptRow | undefined> {
      const [row] = await db.select().from(prompts).where(eq(prompts.id, promptId));
      return row;
    },

    async countPrompts(groupId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(prompts).where(eq(prompts.groupId, groupId));
      return row?.n ?? 0;
    },

    async insertPrompt(
      values: Pick<PromptRow, 'groupId' | 'userId' | 'prompt' | 'type'>,
      at: Date,
    ): Promise<PromptRow> {
      const [row] = await db
        .insert(prompts)
        .values({ ...values, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async deletePrompt(promptId: string): Promise<void> {
      await db.delete(prompts).where(eq(prompts.id, promptId));
    },
  };
}
export type PromptQueries = ReturnType<typeof promptQueries>;

/**
 * The prompt library's queries. Writes go through `atomically`: one transaction holding a lock of
 * the user's own, so two requests of one person never pass the group limit together.
 */
export function createPromptsRepo(db: Executor) {
  return {
    ...promptQueries(db),
    atomically<T>(userId: string, work: (q: PromptQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        // An advisory lock of the person's, not their users row (which a reply being saved holds).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`prompts:${userId}`}))`);
        return work(promptQueries(tx));
      });
    },
  };
}
export type PromptsRepo = ReturnType<typeof createPromptsRepo>;
