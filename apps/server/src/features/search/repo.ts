import { and, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_TITLE } from '@chat/contract';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import type { TextQuery } from './query.js';

/** A search hit before its row is loaded: a message, or a conversation by its title. */
export interface Hit {
  kind: 'message' | 'title';
  id: string;
  conversationId: string;
  at: Date;
}

// The generated tsvector columns (migration 0001_search) are not in schema.ts, so that ordinary
// selects never carry them; they are named here, as fixed SQL.
const MESSAGE_TSV = sql.raw('"messages"."text_tsv"');
const TITLE_TSV = sql.raw('"conversations"."title_tsv"');

/** The query as one tsquery expression; every piece of the person's text is a bound parameter. */
function tsquery(q: TextQuery): SQL {
  const prefix = sql`to_tsquery('simple', ${q.prefix})`;
  const last = q.head.trim() ? sql`(plainto_tsquery('simple', ${q.head}) && ${prefix})` : prefix;
  return sql`(plainto_tsquery('simple', ${q.text}) || ${last})`;
}

/**
 * How many of the user's newest rows the first plan tests: the hits wanted × WINDOW_FACTOR, within
 * [WINDOW_MIN, WINDOW_MAX]. Testing a row costs about what fetching a GIN match costs, so a window
 * near √(hits wanted × rows) balances the two plans; for 1,000,000 messages and one page, ~5,000.
 */
const WINDOW_FACTOR = 200;
const WINDOW_MIN = 5_000;
const WINDOW_MAX = 20_000;

interface Source {
  id: PgColumn;
  conversationId: PgColumn;
  at: PgColumn;
  userId: PgColumn;
  tsv: SQL;
  table: typeof messages | typeof conversations;
  /** A further condition on the rows searched. */
  where?: SQL;
  /** The (user_id, time) index is DESC NULLS LAST: the order must say so to be read from it. */
  nullsLast?: boolean;
}

/** Search over the user's messages and conversation titles; every query filters by user_id. */
export function createSearchRepo(db: Executor) {
  /**
   * The newest `limit` rows of `src` that match, newest first, by one of two plans, so that
   * neither a rare nor a frequent word is slow:
   * 1. walk the user's newest rows through the (user_id, time) index, testing each stored
   *    tsvector, at most `windowSize` of them: a frequent word fills the page after a few rows;
   * 2. otherwise ask the GIN index: the word is rare among recent rows, so its matches are few.
   * Both plans are pinned, because the planner often has no statistics to choose by (PGlite runs
   * no autovacuum, so nothing is analyzed unless someone runs ANALYZE): 1 runs with bitmap and
   * sequential scans off; 2 with sequential and plain index scans off, and its user filter is
   * written so that no index answers it (else the GIN bitmap is ANDed with a bitmap of every one of
   * the user's rows). Plan 1 orders by time only, exactly the index order, so it stops early and
   * never sorts (rows stored in one statement share a timestamp: a tie-break would sort them all).
   */
  async function newest(src: Source, userId: string, q: TextQuery, limit: number, kind: Hit['kind']) {
    const match = sql`${src.tsv} @@ ${tsquery(q)}`;
    const newestFirst = (col: SQLWrapper) => (src.nullsLast ? sql`${col} desc nulls last` : desc(col));
    const windowSize = Math.min(WINDOW_MAX, Math.max(WINDOW_MIN, limit * WINDOW_FACTOR));
    // Aliased: for titles the id and the conversation id are one column.
    const fields = {
      id: sql<string>`${src.id}`.as('hit_id'),
      conversationId: sql<string>`${src.conversationId}`.as('hit_conversation_id'),
      at: sql`${src.at}`.mapWith((v) => src.at.mapFromDriverValue(v) as Date).as('hit_at'),
    };
    const rows = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
      );
      const recent = tx
        .select({ ...fields, hit: sql<boolean>`${match}`.as('hit') })
        .from(src.table)
        .where(and(eq(src.userId, userId), src.where))
        .orderBy(newestFirst(src.at))
        .limit(windowSize)
        .as('recent');
      const found = await tx
        .select({ id: recent.id, conversationId: recent.conversationId, at: recent.at })
        .from(recent)
        .where(sql`${recent.hit}`)
        .orderBy(newestFirst(recent.at))
        .limit(limit);
      if (found.length >= limit) return found;
      await tx.execute(
        sql`select set_config('enable_bitmapscan', 'on', true), set_config('enable_indexscan', 'off', true)`,
      );
      const ownedNoIndex = sql`coalesce(${src.userId}, ${src.userId}) = ${userId}`;
      return tx
        .select(fields)
        .from(src.table)
        .where(and(ownedNoIndex, match, src.where))
        .orderBy(desc(src.at), desc(src.id))
        .limit(limit);
    });
    return rows.map((r) => ({ kind, ...r }));
  }

  return {
    /** The newest `limit` messages of the user whose text matches. */
    messageHits(userId: string, q: TextQuery, limit: number): Promise<Hit[]> {
      const src: Source = {
        table: messages,
        id: messages.messageId,
        conversationId: messages.conversationId,
        at: messages.createdAt,
        userId: messages.userId,
        tsv: MESSAGE_TSV,
      };
      return newest(src, userId, q, limit, 'message');
    },

    /** The `limit` most recently updated conversations of the user whose title matches. */
    titleHits(userId: string, q: TextQuery, limit: number): Promise<Hit[]> {
      const src: Source = {
        table: conversations,
        id: conversations.conversationId,
        conversationId: conversations.conversationId,
        at: conversations.updatedAt,
        userId: conversations.userId,
        tsv: TITLE_TSV,
        // The placeholder title of an untitled conversation is not a match for "new" or "chat".
        where: ne(conversations.title, DEFAULT_TITLE),
        nullsLast: true,
      };
      return newest(src, userId, q, limit, 'title');
    },

    async messagesByIds(userId: string, ids: string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, userId), inArray(messages.messageId, ids)));
    },

    async conversationsByIds(userId: string, ids: string[]): Promise<ConversationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(conversations)
        .where(and(eq(conversations.userId, userId), inArray(conversations.conversationId, ids)))
        .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId));
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
