import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { modelConfigs, type ModelConfigRow } from '../../db/schema.js';

export function createModelConfigsRepo(db: Executor) {
  return {
    async get(name: string): Promise<ModelConfigRow | undefined> {
      const [row] = await db.select().from(modelConfigs).where(eq(modelConfigs.name, name));
      return row;
    },

    async upsert(
      name: string,
      patch: { jailbreakPrompt?: string; prefill?: string },
    ): Promise<ModelConfigRow> {
      const now = new Date();
      const [row] = await db
        .insert(modelConfigs)
        .values({ name, ...patch, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: modelConfigs.name, set: { ...patch, updatedAt: now } })
        .returning();
      return row!;
    },
  };
}
export type ModelConfigsRepo = ReturnType<typeof createModelConfigsRepo>;
