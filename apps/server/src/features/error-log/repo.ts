import { count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ErrorRecord } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { errorLogs, users, type ErrorLogRow } from '../../db/schema.js';
import { presentErrorRecord } from './presenter.js';

/** What a record is written with (already redacted and cut). */
export type ErrorLogEntry = Pick<ErrorLogRow, 'errorCode' | 'errorMessage' | 'errorType'> &
  Partial<
    Pick<
      ErrorLogRow,
      'errorStack' | 'userId' | 'model' | 'endpoint' | 'conversationId' | 'messageId' | 'text' | 'route'
    >
  >;

export interface Retention {
  maxRows: number;
  maxAgeDays: number;
}

export function createErrorLogRepo(db: Executor) {
  const withEmail = () =>
    db
      .select({ row: errorLogs, email: users.email })
      .from(errorLogs)
      .leftJoin(users, eq(users.id, errorLogs.userId));

  return {
    async insert(entry: ErrorLogEntry, at: Date): Promise<void> {
      await db.insert(errorLogs).values({ ...entry, createdAt: at, updatedAt: at });
    },

    async byId(id: string): Promise<ErrorRecord | undefined> {
      const [r] = await withEmail().where(eq(errorLogs.id, id));
      return r && presentErrorRecord(r.row, r.email);
    },

    /**
     * Newest first, of one code or of all; with how many match in all. One snapshot for both
     * (a record landing between the two reads would give a total its page does not show).
     */
    async page(code: string | undefined, limit: number, skip: number) {
      const where = code === undefined ? undefined : eq(errorLogs.errorCode, code);
      return db.transaction(
        async (tx) => {
          const rows = await tx
            .select({ row: errorLogs, email: users.email })
            .from(errorLogs)
            .leftJoin(users, eq(users.id, errorLogs.userId))
            .where(where)
            .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
            .limit(limit)
            .offset(skip);
          const [total] = await tx.select({ n: count() }).from(errorLogs).where(where);
          return { errors: rows.map((r) => presentErrorRecord(r.row, r.email)), total: total?.n ?? 0 };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** Drops records past the retention: older than maxAgeDays, and all but the newest maxRows. */
    async prune(retention: Retention, now: Date): Promise<void> {
      const cutoff = new Date(now.getTime() - retention.maxAgeDays * 24 * 60 * 60_000);
      await db.delete(errorLogs).where(lt(errorLogs.createdAt, cutoff));
      const beyond = db
        .select({ id: errorLogs.id })
        .from(errorLogs)
        .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
        .offset(retention.maxRows);
      await db.delete(errorLogs).where(inArray(errorLogs.id, beyond));
    },

    /** How many records there are (tests). */
    async size(): Promise<number> {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(errorLogs);
      return r?.n ?? 0;
    },
  };
}
export type ErrorLogRepo = ReturnType<typeof createErrorLogRepo>;
