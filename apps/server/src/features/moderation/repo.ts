import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { ViolationType } from '@chat/contract';
import type { Db } from '../../db/client.js';
import { conversations, users, violations } from '../../db/schema.js';

export function createModerationRepo(db: Db) {
  return {
    /** Records a violation; the user's total score before and after it. */
    async addViolation(userId: string, type: ViolationType, score: number, at: Date) {
      return db.transaction(async (tx) => {
        // One writer per user at a time, so two violations at once see each other's score.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [row] = await tx
          .select({ total: sql<string>`coalesce(sum(${violations.score}), 0)` })
          .from(violations)
          .where(eq(violations.userId, userId));
        const before = Number(row?.total ?? 0);
        await tx.insert(violations).values({ userId, type, score, createdAt: at });
        return { before, after: before + score };
      });
    },

    /** The model stored on the user's conversation, if there is one. */
    async conversationModel(userId: string, conversationId: string): Promise<string | null> {
      const [row] = await db
        .select({ model: conversations.model })
        .from(conversations)
        .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)));
      return row?.model ?? null;
    },

    /** Sets (or with null ends) the user's ban, with the operator's reason if any. */
    async setBannedUntil(userId: string, until: Date | null, reason: string | null = null): Promise<void> {
      await db.update(users).set({ bannedUntil: until, banReason: reason }).where(eq(users.id, userId));
    },

    async bannedUntil(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ bannedUntil: users.bannedUntil })
        .from(users)
        .where(eq(users.id, userId));
      return row?.bannedUntil ?? null;
    },

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
      return row;
    },

    async bannedUsers(now: Date) {
      return db
        .select({
          email: users.email,
          username: users.username,
          bannedUntil: users.bannedUntil,
          banReason: users.banReason,
        })
        .from(users)
        .where(and(gt(users.bannedUntil, now), isNull(users.deletedAt)))
        .orderBy(desc(users.bannedUntil))
        .limit(1000);
    },

    /** Users by their violations since `since`: count and score, the most first. */
    async topViolations(since: Date, limit: number) {
      const count = sql<string>`count(*)`;
      const rows = await db
        .select({
          email: users.email,
          username: users.username,
          count,
          score: sql<string>`coalesce(sum(${violations.score}), 0)`,
        })
        .from(violations)
        .innerJoin(users, eq(users.id, violations.userId))
        .where(and(gte(violations.createdAt, since), isNull(users.deletedAt)))
        .groupBy(users.id, users.email, users.username)
        .orderBy(desc(count))
        .limit(limit);
      return rows.map((r) => ({ ...r, count: Number(r.count), score: Number(r.score) }));
    },
  };
}
export type ModerationRepo = ReturnType<typeof createModerationRepo>;
