import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { presets, users, type PresetRow } from '../../db/schema.js';

export type PresetValues = Pick<
  PresetRow,
  'title' | 'endpoint' | 'model' | 'options' | 'defaultPreset' | 'order'
>;

export function createPresetsRepo(db: Executor) {
  return {
    /** The user's presets: the default first, then by order (unset last), then the newest. */
    list(userId: string): Promise<PresetRow[]> {
      return db
        .select()
        .from(presets)
        .where(eq(presets.userId, userId))
        .orderBy(
          desc(presets.defaultPreset),
          sql`${presets.order} asc nulls last`,
          desc(presets.updatedAt),
          asc(presets.presetId),
        );
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(presets).where(eq(presets.userId, userId));
      return row?.n ?? 0;
    },

    /**
     * Creates or updates the user's preset in one transaction; a default preset first makes the
     * user's other presets not default (the partial unique index holds one at most). Undefined
     * when `presetId` names another user's preset.
     */
    save(
      userId: string,
      presetId: string,
      values: PresetValues,
      create: boolean,
    ): Promise<PresetRow | undefined> {
      return db.transaction(async (tx) => {
        if (values.defaultPreset) {
          // One default-setting save of a user at a time: the user's row is the lock, so two
          // concurrent saves cannot both see the old default and both insert a new one.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          await tx
            .update(presets)
            .set({ defaultPreset: false })
            .where(and(eq(presets.userId, userId), eq(presets.defaultPreset, true)));
        }
        const now = new Date();
        if (create) {
          const [row] = await tx
            .insert(presets)
            .values({ presetId, userId, ...values, createdAt: now, updatedAt: now })
            .onConflictDoNothing()
            .returning();
          return row;
        }
        const [row] = await tx
          .update(presets)
          .set({ ...values, updatedAt: now })
          .where(and(eq(presets.presetId, presetId), eq(presets.userId, userId)))
          .returning();
        return row;
      });
    },

    async exists(userId: string, presetId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: presets.presetId })
        .from(presets)
        .where(and(eq(presets.presetId, presetId), eq(presets.userId, userId)));
      return row !== undefined;
    },

    /** Deletes one of the user's presets, or all of them; the number deleted. */
    async delete(userId: string, presetId: string | undefined): Promise<number> {
      const where = presetId
        ? and(eq(presets.userId, userId), eq(presets.presetId, presetId))
        : eq(presets.userId, userId);
      const rows = await db.delete(presets).where(where).returning({ id: presets.presetId });
      return rows.length;
    },
  };
}
export type PresetsRepo = ReturnType<typeof createPresetsRepo>;
