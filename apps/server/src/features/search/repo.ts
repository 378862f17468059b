import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
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
  /** Its tier: 0 is best (see `tiers`); hits are ranked by tier, then newest first. */
  rank: number;
}

// The tsvector columns (migrations 0001, 0002, 0013) are not in schema.ts, so that ordinary
// selects never carry them; they are named here, as fixed SQL.
const MESSAGE_TSV = sql.raw('"messages"."text_tsv"');
const TITLE_TSV = sql.raw('"conversations"."title_tsv"');

/** Queries of up to this many parts are ranked by how many of them match. */
const COUNTED_PARTS = 4;

/**
 * The query's tiers, best first, each a tsquery (every piece of the person's text is a bound
 * parameter, read by SQL `search_query`). One part: that part. Several: the whole query as a
 * phrase (its words adjacent, in order), then every part anywhere, then (up to COUNTED_PARTS
 * parts) all but one, all but two… down to any one part; with more parts, any part.
 */
function tiers(q: TextQuery): SQL[] {
  const part = (text: string, prefix: boolean) => sql`search_query(${text}, ${prefix})`;
  const last = q.chunks.length - 1;
  const parts = q.chunks.map((c, i) => part(c, i === last));
  if (parts.length === 1) return [parts[0]!];
  const all = (of: SQL[]) => sql`(${sql.join(of, sql` && `)})`;
  const any = (of: SQL[]) => sql`(${sql.join(of, sql` || `)})`;
  const out = [part(q.text, true)];
  if (parts.length > COUNTED_PARTS) return [...out, all(parts), any(parts)];
  for (let k = parts.length; k >= 1; k--) out.push(any(combinations(parts, k).map(all)));
  return out;
}

/** Every choice of `k` items of `items`, in order. */
function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((x, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

/**
 * How many of the user's newest rows the first plan tests: the hits wanted × WINDOW_FACTOR, within
 * [WINDOW_MIN, WINDOW_MAX]. Testing a row costs about what fetching a GIN match costs, so a window
 * near √(hits wanted × rows) balances the two plans; for 1,000,000 messages and one page, ~5,000.
 */
const WINDOW_FACTOR = 200;
const WINDOW_MIN = 5_000;
const WINDOW_MAX = 20_000;

/**
 * The phrase tier ranks first only among the user's newest PHRASE_WINDOW rows; an older phrase
 * match ranks with the rows that hold every word. Its words may each be frequent while the
 * phrase is rare, and the GIN index cannot test adjacency: finding old phrase matches would
 * recheck every row that holds all the words (6 % of a million messages for two common words).
 */
const PHRASE_WINDOW = WINDOW_MIN;

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

interface Row extends Record<string, unknown> {
  id: string | null;
  cid: string | null;
  hit_at: Date | string | null;
  tier: number | null;
  n: number | null;
  cut: string | null;
}

/** Search over the user's messages and conversation titles; every query filters by user_id. */
export function createSearchRepo(db: Executor) {
  /**
   * The best `limit` rows of `src` that match: tier by tier (`tiers`), each tier newest first, so
   * that neither a rare nor a frequent word is slow:
   * 1. walk the user's newest rows through the (user_id, time) index, testing each stored
   *    tsvector against every tier at once, at most `windowSize` of them: a tier whose matches
   *    there are enough (or the window holds all the user's rows) is settled without more;
   * 2. any other tier asks the GIN index: its words are rare among recent rows, so its matches
   *    are few. A lower tier leaves out the rows of the tiers above it. The phrase tier is never
   *    asked there (PHRASE_WINDOW).
   * Both plans are pinned, because the planner often has no statistics to choose by (PGlite runs
   * no autovacuum, so nothing is analyzed unless someone runs ANALYZE): 1 runs with bitmap and
   * sequential scans off; 2 with sequential and plain index scans off, and its user filter is
   * written so that no index answers it (else the GIN bitmap is ANDed with a bitmap of every one of
   * the user's rows). Plan 1 reads the window in index order (no sort), so it stops early.
   */
  async function best(
    src: Source,
    userId: string,
    q: TextQuery,
    limit: number,
    kind: Hit['kind'],
  ): Promise<Hit[]> {
    // The tsqueries are made once, up front: as a function of bound parameters the planner may
    // leave search_query in the plan, to run again for every row tested.
    const made = tiers(q);
    const built = await db.execute<Record<string, string>>(
      sql`select ${sql.join(
        made.map((t, i) => sql`(${t})::text as ${sql.identifier(`t${i}`)}`),
        sql`, `,
      )}`,
    );
    const ranked = made.map((_, i) => sql`${built.rows[0]![`t${i}`]!}::tsquery`);
    const windowSize = Math.min(WINDOW_MAX, Math.max(WINDOW_MIN, limit * WINDOW_FACTOR));
    // With several tiers the first is the phrase, ranked first among the user's newest
    // PHRASE_WINDOW rows only (see PHRASE_WINDOW); `cut` is the time of the oldest of those.
    const phraseWindowed = ranked.length > 1;
    const order = src.nullsLast ? sql`${src.at} desc nulls last` : sql`${src.at} desc`;
    const tests = sql.join(
      ranked.map((t, i) => sql`${src.tsv} @@ ${t} as ${sql.identifier(`m${i}`)}`),
      sql`, `,
    );
    const tierOf = sql.join(
      ranked.map((_, i) => {
        const m = sql.identifier(`m${i}`);
        return i === 0 && phraseWindowed
          ? sql`when ${m} and (c.cut is null or w.hit_at > c.cut) then 0`
          : sql`when ${m} then ${sql.raw(String(i))}`;
      }),
      sql` `,
    );
    const toHit = (r: Row, rank: number): Hit => ({
      kind,
      id: r.id!,
      conversationId: r.cid!,
      at: r.hit_at instanceof Date ? r.hit_at : new Date(r.hit_at!),
      rank,
    });
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
      );
      const res = await tx.execute<Row>(sql`
        with w as materialized (
          select ${src.id} as id, ${src.conversationId} as cid, ${src.at} as hit_at,
            row_number() over (order by ${order}) as pos, ${tests}
          from ${src.table} where ${and(eq(src.userId, userId), src.where)}
          order by ${order} limit ${windowSize}
        ), c as (
          select max(hit_at) filter (where pos = ${PHRASE_WINDOW}) as cut, count(*)::int as n from w
        ), t as (
          select w.id, w.cid, w.hit_at, case ${tierOf} end as tier from w, c
        ), r as (
          select id, cid, hit_at, tier, row_number() over (partition by tier order by hit_at desc nulls last) as rn
          from t where tier is not null
        )
        select id, cid, hit_at, tier, null::int as n, null::text as cut from r where rn <= ${limit}
        union all select null, null, null, null, n, cut::text from c`);
      const rows = res.rows;
      const meta = rows.find((r) => r.id === null);
      const exhaustive = (meta?.n ?? 0) < windowSize;
      const cut = meta?.cut ?? null;
      // A row the tiers above `t` hold; the phrase tier holds only rows newer than `cut`.
      const above = (t: number) =>
        ranked.slice(0, t).map((u, i) => {
          const newer =
            i === 0 && phraseWindowed && cut !== null ? sql` and ${src.at} > ${cut}::timestamptz` : sql``;
          return sql` and not (${src.tsv} @@ ${u}${newer})`;
        });
      const out: Hit[] = [];
      for (let t = 0; t < ranked.length && out.length < limit; t++) {
        const need = limit - out.length;
        const seen = rows.filter((r) => r.id !== null && r.tier === t);
        if (exhaustive || seen.length >= need || (t === 0 && phraseWindowed)) {
          out.push(...seen.slice(0, need).map((r) => toHit(r, t)));
          continue;
        }
        await tx.execute(
          sql`select set_config('enable_bitmapscan', 'on', true), set_config('enable_indexscan', 'off', true)`,
        );
        const found = await tx.execute<Row>(sql`
          select ${src.id} as id, ${src.conversationId} as cid, ${src.at} as hit_at
          from ${src.table}
          where coalesce(${src.userId}, ${src.userId}) = ${userId} and ${src.tsv} @@ ${ranked[t]!}${sql.join(above(t))}
            ${src.where ? sql`and ${src.where}` : sql``}
          order by ${src.at} desc, ${src.id} desc limit ${need}`);
        out.push(...found.rows.map((r) => toHit(r, t)));
      }
      return out;
    });
  }

  return {
    /** The best `limit` messages of the user whose text matches. */
    messageHits(userId: string, q: TextQuery, limit: number): Promise<Hit[]> {
      const src: Source = {
        table: messages,
        id: messages.messageId,
        conversationId: messages.conversationId,
        at: messages.createdAt,
        userId: messages.userId,
        tsv: MESSAGE_TSV,
        // Not a temporary chat's: the user's few temporary conversations are read once (an
        // initplan on their partial index), so each message tested compares against a short list.
        where: sql`${messages.conversationId} <> all(array(select ${conversations.conversationId}
          from ${conversations} where ${conversations.userId} = ${userId}
          and ${conversations.expiredAt} is not null))`,
      };
      return best(src, userId, q, limit, 'message');
    },

    /** The best `limit` conversations of the user whose title matches (recently updated first). */
    titleHits(userId: string, q: TextQuery, limit: number): Promise<Hit[]> {
      const src: Source = {
        table: conversations,
        id: conversations.conversationId,
        conversationId: conversations.conversationId,
        at: conversations.updatedAt,
        userId: conversations.userId,
        tsv: TITLE_TSV,
        // The placeholder title of an untitled conversation is not a match for "new" or "chat".
        // Nor is a temporary chat found (LibreChat keeps those out of search).
        where: and(ne(conversations.title, DEFAULT_TITLE), isNull(conversations.expiredAt)),
        nullsLast: true,
      };
      return best(src, userId, q, limit, 'title');
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
