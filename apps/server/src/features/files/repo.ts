import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { files, users, type FileRow } from '../../db/schema.js';

export type NewFile = Omit<FileRow, 'createdAt' | 'updatedAt'>;

/** A user's files; every query is filtered by the owner. */
export function createFilesRepo(db: Executor) {
  return {
    async insert(row: NewFile): Promise<FileRow> {
      const [saved] = await db.insert(files).values(row).returning();
      return saved!;
    },

    /** The newest `limit` of the user's files. */
    list(userId: string, limit: number): Promise<FileRow[]> {
      return db
        .select()
        .from(files)
        .where(eq(files.userId, userId))
        .orderBy(desc(files.createdAt), desc(files.fileId))
        .limit(limit);
    },

    /** The user's own files among `fileIds` (others' and unknown ids are left out). */
    owned(userId: string, fileIds: readonly string[]): Promise<FileRow[]> {
      if (fileIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(files)
        .where(and(eq(files.userId, userId), inArray(files.fileId, [...fileIds])));
    },

    /** Deletes the user's own files among `fileIds`, answering the rows deleted. */
    delete(userId: string, fileIds: readonly string[]): Promise<FileRow[]> {
      if (fileIds.length === 0) return Promise.resolve([]);
      return db
        .delete(files)
        .where(and(eq(files.userId, userId), inArray(files.fileId, [...fileIds])))
        .returning();
    },

    /** Deletes every file of the user, answering the rows deleted. */
    deleteAll(userId: string): Promise<FileRow[]> {
      return db.delete(files).where(eq(files.userId, userId)).returning();
    },

    async avatarOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
      return row?.avatar ?? null;
    },

    /** Sets the user's avatar, answering the one it replaces. */
    async setAvatar(userId: string, url: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ avatar: users.avatar })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        await tx.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId));
        return before?.avatar ?? null;
      });
    },
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
