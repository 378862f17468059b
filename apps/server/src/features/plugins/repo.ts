import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { pluginAuth, users, type PluginAuthRow, type UserRow } from '../../db/schema.js';

/** Users' installed plugins and their sealed credentials; every query filters by user_id. */
export function createPluginsRepo(db: Executor) {
  const own = (userId: string, pluginKey: string) =>
    and(eq(pluginAuth.userId, userId), eq(pluginAuth.pluginKey, pluginKey));
  return {
    async auth(userId: string, pluginKey: string): Promise<PluginAuthRow[]> {
      return db.select().from(pluginAuth).where(own(userId, pluginKey));
    },

    /**
     * Installs a plugin in one transaction: its credentials replace any saved before, and its key
     * joins the user's list (once). The user's row after, or undefined when there is no such user.
     */
    async install(
      userId: string,
      pluginKey: string,
      sealed: { authField: string; value: string }[],
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.delete(pluginAuth).where(own(userId, pluginKey));
        const now = new Date();
        if (sealed.length > 0) {
          await tx
            .insert(pluginAuth)
            .values(sealed.map((s) => ({ userId, pluginKey, ...s, createdAt: now, updatedAt: now })));
        }
        const [row] = await tx
          .update(users)
          .set({
            plugins: sql`case when ${users.plugins} @> ${JSON.stringify([pluginKey])}::jsonb then ${users.plugins} else ${users.plugins} || ${JSON.stringify([pluginKey])}::jsonb end`,
          })
          .where(eq(users.id, userId))
          .returning();
        return row;
      });
    },

    /** The keys of the plugins the user installed (empty for no such user). */
    async installed(userId: string): Promise<string[]> {
      const [row] = await db.select({ plugins: users.plugins }).from(users).where(eq(users.id, userId));
      return row?.plugins ?? [];
    },

    /** Uninstalls: the credentials deleted, the key off the user's list. */
    async uninstall(userId: string, pluginKey: string): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.delete(pluginAuth).where(own(userId, pluginKey));
        const [row] = await tx
          .update(users)
          .set({ plugins: sql`${users.plugins} - ${pluginKey}::text` })
          .where(eq(users.id, userId))
          .returning();
        return row;
      });
    },
  };
}
export type PluginsRepo = ReturnType<typeof createPluginsRepo>;
