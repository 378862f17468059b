import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, transactions, users } from '../../db/schema.js';

export function createAdminRepo(db: Db) {
  return {
    /**
     * Activity rows: each user with any usage, their tokens used (prompt + completion of
     * every settled reply, features/balance) and the messages they sent; most tokens first.
     */
    async activity(limit: number, skip: number) {
      const tokens = db
        .select({
          userId: transactions.userId,
          n: sql<string>`sum(coalesce(${transactions.promptTokens}, 0) + coalesce(${transactions.completionTokens}, 0))`.as(
            'tokens',
          ),
        })
        .from(transactions)
        .where(eq(transactions.kind, 'settle'))
        .groupBy(transactions.userId)
        .as('t');
      const sent = db
        .select({ userId: messages.userId, n: sql<string>`count(*)`.as('sent') })
        .from(messages)
        .where(eq(messages.isCreatedByUser, true))
        .groupBy(messages.userId)
        .as('m');
      const token = sql<string>`coalesce(${tokens.n}, 0)`;
      const message = sql<string>`coalesce(${sent.n}, 0)`;
      const where = and(isNull(users.deletedAt), or(sql`${tokens.n} > 0`, sql`${sent.n} > 0`));
      const base = () =>
        db
          .select({ email: users.email, username: users.username, token, message })
          .from(users)
          .leftJoin(tokens, eq(tokens.userId, users.id))
          .leftJoin(sent, eq(sent.userId, users.id))
          .where(where);
      const [rows, [count]] = await Promise.all([
        base().orderBy(desc(token), desc(message), users.email).limit(limit).offset(skip),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .leftJoin(tokens, eq(tokens.userId, users.id))
          .leftJoin(sent, eq(sent.userId, users.id))
          .where(where),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, token: Number(r.token), message: Number(r.message) })),
        total: count?.n ?? 0,
      };
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
