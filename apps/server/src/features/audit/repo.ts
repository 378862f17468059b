import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';

export function createAuditRepo(db: Db) {
  return {
    async emailOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },
    async insert(values: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(values);
    },
    /** Newest first. */
    async page(limit: number, skip: number) {
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(skip),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
