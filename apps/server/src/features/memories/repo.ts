import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { memoryEntries, memoryPreferences, type MemoryEntryRow } from '../../db/schema.js';

/** The queries on one person's memories; every one names the user. */
function memoryQueries(db: Executor) {
  const own = (userId: string, key: string) =>
    and(eq(memoryEntries.userId, userId), eq(memoryEntries.key, key));

  return {
    /** The user's memories, newest change first (LibreChat's order). */
    async list(userId: string): Promise<MemoryEntryRow[]> {
      return db
        .select()
        .from(memoryEntries)
        .where(eq(memoryEntries.userId, userId))
        .orderBy(desc(memoryEntries.updatedAt), memoryEntries.key);
    },

    async get(userId: string, key: string): Promise<MemoryEntryRow | undefined> {
      const [row] = await db.select().from(memoryEntries).where(own(userId, key));
      return row;
    },

    /** How many memories the user keeps and their tokens together. */
    async usage(userId: string): Promise<{ entries: number; tokens: number }> {
      const [row] = await db
        .select({ n: count(), tokens: sql<number>`coalesce(sum(${memoryEntries.tokenCount}), 0)::int` })
        .from(memoryEntries)
        .where(eq(memoryEntries.userId, userId));
      return { entries: row?.n ?? 0, tokens: Number(row?.tokens ?? 0) };
    },

    async insert(
      userId: string,
      entry: { key: string; value: string; tokenCount: number },
      at: Date,
    ): Promise<MemoryEntryRow> {
      const [row] = await db
        .insert(memoryEntries)
        .values({ userId, ...entry, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /** Changes a memory's value (and its key, when `key` differs); undefined when there is none. */
    async update(
      userId: string,
      from: string,
      entry: { key: string; value: string; tokenCount: number },
      at: Date,
    ): Promise<MemoryEntryRow | undefined> {
      const [row] = await db
        .update(memoryEntries)
        .set({ ...entry, updatedAt: at })
        .where(own(userId, from))
        .returning();
      return row;
    },

    /** Deletes one memory; whether there was one. */
    async remove(userId: string, key: string): Promise<boolean> {
      const rows = await db
        .delete(memoryEntries)
        .where(own(userId, key))
        .returning({ key: memoryEntries.key });
      return rows.length > 0;
    },

    /** The user's preference: on unless they turned it off. */
    async preference(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ memories: memoryPreferences.memories })
        .from(memoryPreferences)
        .where(eq(memoryPreferences.userId, userId));
      return row?.memories ?? true;
    },

    async setPreference(userId: string, memories: boolean, at: Date): Promise<void> {
      await db
        .insert(memoryPreferences)
        .values({ userId, memories, updatedAt: at })
        .onConflictDoUpdate({ target: memoryPreferences.userId, set: { memories, updatedAt: at } });
    },
  };
}
export type MemoryQueries = ReturnType<typeof memoryQueries>;

/**
 * The caller's memories. The writes go through `atomically`, which holds a lock of the user's for
 * the transaction, so two writes of one person (a form and the memory agent) never pass the token
 * limit together.
 */
export function createMemoriesRepo(db: Executor) {
  return {
    ...memoryQueries(db),
    /** Runs `work` in one transaction with the user's memories to itself. */
    atomically<T>(userId: string, work: (q: MemoryQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        // A lock of the person's own, not their users row (a reply being saved holds a key-share
        // lock on it), as the bookmarks do.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`memories:${userId}`}))`);
        return work(memoryQueries(tx));
      });
    },
  };
}
export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>;
